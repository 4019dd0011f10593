package com.tactile.helper.android;

import android.net.LocalServerSocket;
import android.net.LocalSocket;
import android.os.Looper;

import com.tactile.helper.core.AccessibilitySetup;
import com.tactile.helper.core.Device;
import com.tactile.helper.core.DeviceClock;
import com.tactile.helper.core.ExitCodes;
import com.tactile.helper.core.HelperLifecycle;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/** The lifecycle's platform on a device: UiAutomation from app_process, a localabstract socket, real stdin. */
public final class AndroidPlatform implements HelperLifecycle.Platform {
    private final int sdk;
    private final DeviceClock clock = new SystemDeviceClock();

    public AndroidPlatform(int sdk) {
        this.sdk = sdk;
    }

    @Override
    public Device connect() throws AccessibilitySetup.Failure, InterruptedException {
        // Framework code may create Handlers on this thread; app_process gives it no Looper.
        Looper.prepareMainLooper();
        UiAutomationPort port;
        try {
            port = new UiAutomationPort(UiAutomationConnector.connect());
        } catch (UiAutomationConnector.ConnectException e) {
            throw new AccessibilitySetup.Failure(e.busy ? ExitCodes.UIAUTOMATION_BUSY : ExitCodes.UIAUTOMATION_FAILED,
                    e.getMessage(), e);
        }
        AccessibilitySetup.configure(port, clock);
        return new AndroidDevice(port, sdk, clock);
    }

    @Override
    public HelperLifecycle.Listener listen(String name) throws IOException {
        final LocalServerSocket server = new LocalServerSocket(name);
        return new HelperLifecycle.Listener() {
            @Override
            public HelperLifecycle.Connection accept() throws IOException {
                return connection(server.accept());
            }

            @Override
            public void close() {
                try {
                    server.close();
                } catch (IOException e) {
                    System.err.println("tactile-helper: closing the listening socket: " + e.getMessage());
                }
            }
        };
    }

    private static HelperLifecycle.Connection connection(final LocalSocket socket) {
        return new HelperLifecycle.Connection() {
            @Override
            public InputStream input() throws IOException {
                return socket.getInputStream();
            }

            @Override
            public OutputStream output() throws IOException {
                return socket.getOutputStream();
            }

            @Override
            public void close() {
                try {
                    socket.close();
                } catch (IOException e) {
                    System.err.println("tactile-helper: closing the connection: " + e.getMessage());
                }
            }
        };
    }

    @Override
    public InputStream stdin() {
        return System.in;
    }
}
