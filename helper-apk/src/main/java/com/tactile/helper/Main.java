package com.tactile.helper;

import android.os.Build;

import com.tactile.helper.android.AndroidPlatform;
import com.tactile.helper.core.HelperLifecycle;
import com.tactile.helper.core.ProcessExit;

/**
 * Entry point, started by the host as the shell user:
 * CLASSPATH=/data/local/tmp/tactile-helper.jar app_process / com.tactile.helper.Main 4 socket=NAME
 * It serves every host that connects and exits once its launcher's stdin ended and no session is left; the exit
 * statuses are com.tactile.helper.core.ExitCodes (PROTOCOL.md §10).
 */
public final class Main {
    public static final String VERSION = "1.0.0";

    private Main() {}

    public static void main(String[] args) {
        ProcessExit exit = new ProcessExit() {
            @Override
            public void exit(int code) {
                System.out.flush();
                System.err.flush();
                System.exit(code);
            }
        };
        exit.exit(HelperLifecycle.run(args, Build.VERSION.SDK_INT, VERSION, new AndroidPlatform(Build.VERSION.SDK_INT),
                exit));
    }
}
