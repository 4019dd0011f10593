package com.tactile.helper.robolectric;

import static org.robolectric.Shadows.shadowOf;

import android.app.Activity;
import android.app.UiAutomation;
import android.os.Build;
import android.os.Looper;
import android.util.DisplayMetrics;
import android.view.View;
import android.view.ViewRootImpl;

import com.tactile.helper.Main;
import com.tactile.helper.android.RobolectricPlatform;
import com.tactile.helper.core.AccessibilitySetup;
import com.tactile.helper.core.ExitCodes;
import com.tactile.helper.core.FrameCodec;
import com.tactile.helper.core.HelperLifecycle;
import com.tactile.helper.core.ProcessExit;

import org.json.JSONArray;
import org.json.JSONObject;
import org.robolectric.Robolectric;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The lab under Robolectric with the helper serving it, as the host sees it: the helper process's lifecycle
 * (HelperLifecycle.run with the protocol's arguments) on its own thread, a host connection over a loopback
 * socket speaking protocol-3 frames, and the test thread driving the UI thread and the clock while it waits
 * for each answer (FrameDriver). The helper's stdin is a pipe the harness closes at the end, as adb does.
 */
final class HelperHarness implements AutoCloseable {
    final Lab lab;
    final FrameDriver driver;
    final InputManagerStandIn input = new InputManagerStandIn();
    final AccessibilityStandIn accessibility = new AccessibilityStandIn();
    final JSONObject hello;
    /** The helper's exit status once it exited (ProcessExit or the lifecycle's return), else -1. */
    final AtomicInteger exitCode = new AtomicInteger(-1);
    private UiAutomation automation;
    private final PipedOutputStream stdinWriter = new PipedOutputStream();
    private final Thread helper;
    private final Socket socket;
    private final OutputStream out;
    private final LinkedBlockingQueue<JSONObject> answers = new LinkedBlockingQueue<JSONObject>();
    private int nextId = 1;

    HelperHarness() throws Exception {
        Activity activity = Robolectric.buildActivity(Lab.LabActivity.class).setup().get();
        lab = new Lab(activity);
        showWindows();
        lab.addOverlay();
        showWindows();
        DisplayMetrics m = activity.getResources().getDisplayMetrics();
        driver = new FrameDriver(HelperHarness::windowViews, m.widthPixels, m.heightPixels);
        RobolectricPlatform platform = new RobolectricPlatform(Build.VERSION.SDK_INT, driver, this::connect, input,
                InputManagerStandIn.method(), new PipedInputStream(stdinWriter));
        ProcessExit exit = code -> exitCode.compareAndSet(-1, code);
        helper = new Thread(() -> exit.exit(HelperLifecycle.run(new String[] {"3", "socket=tactile-robolectric"},
                Build.VERSION.SDK_INT, Main.VERSION, platform, exit)), "helper-main");
        helper.setDaemon(true);
        helper.start();
        // connect() runs AccessibilitySetup.configure, which polls on the clock: drive until it listens.
        driver.driveUntil(() -> platform.port.isDone() || exitCode.get() >= 0);
        if (!platform.port.isDone()) {
            throw new AssertionError("the helper exited with " + exitCode.get() + " before listening");
        }
        socket = new Socket(InetAddress.getLoopbackAddress(), platform.port.get());
        out = socket.getOutputStream();
        final InputStream in = socket.getInputStream();
        Thread reader = new Thread(() -> {
            try {
                JSONObject frame;
                while ((frame = FrameCodec.read(in)) != null) {
                    answers.add(frame);
                }
            } catch (IOException e) {
                // the helper closed the connection
            }
        }, "host-reader");
        reader.setDaemon(true);
        reader.start();
        hello = next();
    }

    private UiAutomation connect() throws AccessibilitySetup.Failure {
        try {
            automation = accessibility.connect();
            return automation;
        } catch (ReflectiveOperationException e) {
            throw new AccessibilitySetup.Failure(ExitCodes.UIAUTOMATION_FAILED, "stand-in: " + e, e);
        }
    }

    /** The system server drops the UiAutomation connection. */
    void loseUiAutomation() throws ReflectiveOperationException {
        AccessibilityStandIn.lose(automation);
    }

    static List<View> windowViews() {
        List<View> views = new ArrayList<View>();
        for (ViewRootImpl r : AccessibilityStandIn.roots()) {
            if (r.getView() != null) {
                views.add(r.getView());
            }
        }
        return views;
    }

    /** Sends `op` with `params` and drives the device until the answer arrives. */
    JSONObject request(String op, JSONObject params) throws Exception {
        JSONObject req = params == null ? new JSONObject() : new JSONObject(params.toString());
        send(op, req);
        return next();
    }

    /** The request as sent (with its id, operation_id and op) and the helper's answer. */
    JSONObject[] exchange(String op, JSONObject params) throws Exception {
        JSONObject req = params == null ? new JSONObject() : new JSONObject(params.toString());
        send(op, req);
        return new JSONObject[] {req, next()};
    }

    private void send(String op, JSONObject req) throws Exception {
        req.put("id", "r" + nextId++);
        if (!req.has("operation_id")) {
            req.put("operation_id", "op-" + req.getString("id"));
        }
        req.put("op", op);
        synchronized (out) {
            FrameCodec.write(out, req);
        }
    }

    /** Sends an inject, a cancel once its first event is in, and returns {inject's answer, cancel's answer}. */
    JSONObject[] requestWithCancelAfterFirstEvent(JSONObject inject, JSONObject cancel) throws Exception {
        int before = input.injected.get();
        send("inject", inject);
        driver.driveUntil(() -> input.injected.get() > before);
        send("cancel", cancel);
        List<JSONObject> got = new ArrayList<JSONObject>();
        got.add(next());
        got.add(next());
        JSONObject[] out = new JSONObject[2];
        for (JSONObject a : got) {
            out[a.getString("id").equals(inject.getString("id")) ? 0 : 1] = a;
        }
        return out;
    }

    /** Drives until the helper process has exited (a fatal error ends it through ProcessExit). */
    void awaitExit() {
        driver.driveUntil(() -> exitCode.get() >= 0);
    }

    JSONObject result(String op, JSONObject params) throws Exception {
        JSONObject answer = request(op, params);
        if (!answer.getBoolean("ok")) {
            throw new AssertionError(op + " failed: " + answer);
        }
        return answer.getJSONObject("result");
    }

    private JSONObject next() {
        final JSONObject[] got = new JSONObject[1];
        driver.driveUntil(() -> {
            got[0] = answers.poll();
            return got[0] != null;
        });
        return got[0];
    }

    /** The observe result's node with this resource name (`com.tactile.lab:id/NAME`); the first of several. */
    static JSONObject node(JSONObject state, String name) throws Exception {
        JSONArray nodes = state.getJSONArray("nodes");
        for (int i = 0; i < nodes.length(); i++) {
            JSONObject n = nodes.getJSONObject(i);
            if ((Lab.PKG + ":id/" + name).equals(n.optString("resource_id", null))) {
                return n;
            }
        }
        return null;
    }

    static JSONObject selector(String name) throws Exception {
        return new JSONObject().put("resource_id", Lab.PKG + ":id/" + name);
    }

    /**
     * What the window manager tells a window once it is on screen (IWindow.dispatchAppVisibility): Robolectric has
     * no window manager, so its windows stay "app not visible" (getWindowVisibility() GONE), and AOSP's
     * accessibility controller reports no node of a window that is not shown.
     */
    private void showWindows() throws ReflectiveOperationException {
        idle();
        for (ViewRootImpl r : AccessibilityStandIn.roots()) {
            ViewRootImpl.class.getMethod("dispatchAppVisibility", boolean.class).invoke(r, true);
        }
        idle();
    }

    void idle() {
        shadowOf(Looper.getMainLooper()).idle();
    }

    /** Ends the helper as adb does when the host goes: stdin's EOF (exit 0 after the session closes). */
    @Override
    public void close() throws Exception {
        try {
            socket.close();
        } finally {
            stdinWriter.close();
            long deadline = System.currentTimeMillis() + 30_000;
            while (exitCode.get() < 0 && System.currentTimeMillis() < deadline) {
                shadowOf(Looper.getMainLooper()).idle();
                TimeUnit.MILLISECONDS.sleep(5);
            }
        }
    }
}
