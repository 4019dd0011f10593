package com.tactile.helper;

import android.app.UiAutomation;
import android.os.Build;
import android.os.Looper;

import com.tactile.helper.android.HelperServer;
import com.tactile.helper.android.UiAutomationConnector;
import com.tactile.helper.core.Capabilities;
import com.tactile.helper.core.LaunchOptions;

/**
 * Entry point, started by the host as the shell user:
 * CLASSPATH=/data/local/tmp/tactile-helper.jar app_process / com.tactile.helper.Main 3 socket=NAME
 * Exit codes: 2 bad arguments, protocol mismatch or API < 21, 3 UiAutomation failed, 4 another UiAutomation client
 * holds the connection, 5 the socket failed.
 */
public final class Main {
    public static final String VERSION = "1.0.0";

    private Main() {}

    public static void main(String[] args) {
        LaunchOptions options;
        try {
            options = LaunchOptions.parse(args);
        } catch (IllegalArgumentException e) {
            System.err.println("tactile-helper: " + e.getMessage());
            System.exit(2);
            return;
        }
        if (Build.VERSION.SDK_INT < Capabilities.MIN_HELPER_SDK) {
            System.err.println("tactile-helper: needs Android 5.0 (API 21) or later, this is API " + Build.VERSION.SDK_INT);
            System.exit(2);
            return;
        }
        // Framework code may create Handlers on this thread; app_process gives it no Looper.
        Looper.prepareMainLooper();
        UiAutomation automation;
        try {
            automation = UiAutomationConnector.connect();
        } catch (UiAutomationConnector.ConnectException e) {
            System.err.println("tactile-helper: " + e.getMessage());
            System.exit(e.busy ? 4 : 3);
            return;
        }
        try {
            new HelperServer(options.socket, automation, Build.VERSION.SDK_INT, VERSION).serve();
        } catch (java.io.IOException e) {
            System.err.println("tactile-helper: socket failed: " + e.getMessage());
            System.exit(5);
        }
    }
}
