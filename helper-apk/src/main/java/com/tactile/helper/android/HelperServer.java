package com.tactile.helper.android;

import android.app.UiAutomation;
import android.net.LocalServerSocket;
import android.net.LocalSocket;

import com.tactile.helper.core.Session;

import java.io.IOException;

/** Listens on one localabstract socket and serves one host connection at a time (the protocol is in Session). */
public final class HelperServer {
    private final String socketName;
    private final AndroidDevice device;
    private final String version;

    public HelperServer(String socketName, UiAutomation automation, int sdk, String version) {
        this.socketName = socketName;
        this.device = new AndroidDevice(automation, sdk);
        this.version = version;
    }

    public void serve() throws IOException {
        LocalServerSocket server = new LocalServerSocket(socketName);
        // For the shell stream's log only: the host does not wait for this line, it retries the socket until it opens.
        System.out.println("tactile-helper " + version + " listening on localabstract:" + socketName);
        System.out.flush();
        while (true) {
            LocalSocket client = server.accept();
            try {
                new Session(device, version).run(client.getInputStream(), client.getOutputStream());
            } catch (IOException e) {
                System.err.println("tactile-helper: connection ended: " + e.getMessage());
            } finally {
                client.close();
            }
        }
    }
}
