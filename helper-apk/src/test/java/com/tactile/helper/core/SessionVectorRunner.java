package com.tactile.helper.core;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.json.JSONArray;
import org.json.JSONObject;

/**
 * Runs one `sessions` conformance vector (PROTOCOL.md §9) against a SessionHub serving several host sockets, as
 * HelperLifecycle serves the connections it accepts: steps in order, answers matched by request id per session.
 * The device is the reference model, except that inject runs the real PointerInjector on the wall clock (a
 * held finger stays down until cancelled) and a fault makes every snapshot throw what a lost UiAutomation throws.
 */
final class SessionVectorRunner {
    private static final long DEADLINE_MS = 20_000;
    private final String name;
    private final LiveDevice device;
    private final BlockingQueue<Integer> exits = new LinkedBlockingQueue<Integer>();
    private final SessionHub hub;
    private final Map<String, Host> hosts = new HashMap<String, Host>();
    private final Map<String, JSONObject> sent = new HashMap<String, JSONObject>();

    /** The model device with a real-time injector and the UiAutomation-lost fault. */
    private static final class LiveDevice extends ModelDevice {
        final AtomicInteger injected = new AtomicInteger();
        volatile boolean lost;

        LiveDevice(DeviceState state) {
            super(state);
        }

        @Override
        public DeviceState snapshot() {
            if (lost) {
                throw new IllegalStateException("UiAutomation not connected!");
            }
            return super.snapshot();
        }

        @Override
        public Injected inject(List<Request.PointerEvent> events, Cancellation cancellation) throws DeviceException {
            DeviceClock wall = new DeviceClock() {
                @Override
                public long uptimeMs() {
                    return System.nanoTime() / 1_000_000;
                }

                @Override
                public void sleep(long ms) throws InterruptedException {
                    Thread.sleep(ms);
                }

                @Override
                public void pause() throws InterruptedException {
                    Thread.sleep(0, 200_000);
                }
            };
            PointerInjector.Sink counting = new PointerInjector.Sink() {
                @Override
                public boolean send(long downTime, long eventTime, int action, Request.PointerEvent event) {
                    injected.incrementAndGet();
                    return true;
                }
            };
            try {
                return new PointerInjector(counting, wall).inject(events, cancellation);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new DeviceException("CANCELLED", "interrupted");
            }
        }
    }

    /** One host: its socket, the helper's side served on a thread, every frame it received. */
    private final class Host {
        final Socket socket;
        final List<JSONObject> frames = new ArrayList<JSONObject>();
        volatile boolean closed;

        Host() throws IOException, InterruptedException {
            final ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
            new Thread(new Runnable() {
                @Override
                public void run() {
                    try (ServerSocket s = server; Socket helperSide = s.accept()) {
                        hub.serve(helperSide.getInputStream(), helperSide.getOutputStream());
                    } catch (IOException e) {
                        // the host sees the connection close
                    }
                }
            }, "vector-helper").start();
            socket = new Socket(InetAddress.getLoopbackAddress(), server.getLocalPort());
            new Thread(new Runnable() {
                @Override
                public void run() {
                    try {
                        for (JSONObject f; (f = FrameCodec.read(socket.getInputStream())) != null;) {
                            synchronized (frames) {
                                frames.add(f);
                            }
                        }
                    } catch (IOException e) {
                        // closed
                    } finally {
                        closed = true;
                    }
                }
            }, "vector-host").start();
        }

        JSONObject await(String key, Object value, String what) throws InterruptedException {
            long deadline = System.currentTimeMillis() + DEADLINE_MS;
            while (System.currentTimeMillis() < deadline) {
                synchronized (frames) {
                    for (JSONObject f : frames) {
                        if (value.equals(f.opt(key))) {
                            return f;
                        }
                    }
                }
                Thread.sleep(2);
            }
            fail(name + ": timed out waiting for " + what);
            return null;
        }
    }

    SessionVectorRunner(JSONObject vector) throws Exception {
        this.name = vector.getString("name");
        this.device = new LiveDevice(DeviceState.fromJson(vector.getJSONObject("device_state")));
        this.hub = new SessionHub(device, "vectors", new ProcessExit() {
            @Override
            public void exit(int code) {
                exits.add(code);
            }
        });
    }

    void run(JSONArray steps) throws Exception {
        try {
            for (int i = 0; i < steps.length(); i++) {
                step(steps.getJSONObject(i));
            }
        } finally {
            for (Host h : hosts.values()) {
                h.socket.close();
            }
        }
    }

    private Host host(String session) {
        Host h = hosts.get(session);
        if (h == null) {
            fail(name + ": session " + session + " was never opened");
        }
        return h;
    }

    private void step(JSONObject step) throws Exception {
        if (step.has("open")) {
            Host h = new Host();
            hosts.put(step.getString("open"), h);
            JSONObject hello = h.await("type", "hello", "the hello");
            JSONObject expected = step.getJSONObject("expect_hello");
            for (java.util.Iterator<String> keys = expected.keys(); keys.hasNext();) {
                String key = keys.next();
                JsonAssert.assertJsonEquals(name + " hello " + key, expected.get(key), hello.opt(key));
            }
        } else if (step.has("send")) {
            Host h = host(step.getString("send"));
            JSONObject request = step.getJSONObject("request");
            sent.put(step.getString("send") + "/" + request.getString("id"), request);
            int before = device.injected.get();
            synchronized (h.socket) {
                FrameCodec.write(h.socket.getOutputStream(), request);
            }
            if ("injecting".equals(step.optString("until"))) {
                long deadline = System.currentTimeMillis() + DEADLINE_MS;
                while (device.injected.get() <= before) {
                    assertTrue(name + ": the first motion event never came", System.currentTimeMillis() < deadline);
                    Thread.sleep(2);
                }
            }
            if (step.has("expect")) {
                answer(h.await("id", request.getString("id"), "the answer to " + request.getString("id")),
                        step.getJSONObject("expect"), request);
            }
        } else if (step.has("await")) {
            String id = step.getString("id");
            answer(host(step.getString("await")).await("id", id, "the answer to " + id), step.getJSONObject("expect"),
                    sent.get(step.getString("await") + "/" + id));
        } else if (step.has("fault")) {
            device.lost = true;
        } else if (step.has("expect_exit")) {
            JSONObject exit = step.getJSONObject("expect_exit");
            int code = exit.getInt("code");
            JSONArray sessions = exit.getJSONArray("sessions");
            for (int i = 0; i < sessions.length(); i++) {
                JSONObject notice = host(sessions.getString(i)).await("type", "exit", "the exit notice");
                assertEquals(name, code, notice.getInt("code"));
                assertTrue(name, notice.get("message") instanceof String);
            }
            assertEquals(name + ": the process exit", Integer.valueOf(code), exits.poll(DEADLINE_MS, TimeUnit.MILLISECONDS));
        } else {
            fail(name + ": unknown step " + step + ": the Java session runner must learn it");
        }
    }

    /** An inject or a touch that succeeded by its count and times (device-clock times), anything else exactly. */
    private void answer(JSONObject got, JSONObject expected, JSONObject request) throws Exception {
        if (request != null && "inject".equals(request.optString("op")) && expected.getBoolean("ok")) {
            assertTrue(name + ": " + got, got.getBoolean("ok"));
            JSONObject result = got.getJSONObject("result");
            assertEquals(name, expected.getJSONObject("result").getInt("dispatched"), result.getInt("dispatched"));
            JSONArray events = request.getJSONArray("events");
            JSONArray times = result.getJSONArray("event_times_ms");
            assertEquals(name, events.length(), times.length());
            for (int i = 0; i < events.length(); i++) {
                assertEquals(name, result.getLong("down_time_ms") + events.getJSONObject(i).getLong("t_ms"),
                        times.getLong(i));
            }
            return;
        }
        if (request != null && "touch".equals(request.optString("op")) && expected.getBoolean("ok")) {
            // Injected now: its times are the device clock's, the contact's down time at or before the event's.
            assertTrue(name + ": " + got, got.getBoolean("ok"));
            JSONObject result = got.getJSONObject("result");
            assertTrue(name + ": " + got, result.getLong("event_time_ms") >= result.getLong("down_time_ms"));
            return;
        }
        JsonAssert.assertJsonEquals(name, expected, got);
    }
}
