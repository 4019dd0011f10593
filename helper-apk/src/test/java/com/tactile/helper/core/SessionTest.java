package com.tactile.helper.core;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.json.JSONObject;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;

/** The session over a real loopback socket: hello first, cancel answered past the queue, disconnect drops work. */
public class SessionTest {
    private static final String TAP = "[{\"t_ms\":0,\"action\":\"down\",\"action_index\":0,\"pointers\":[{\"id\":0,"
            + "\"x\":10,\"y\":10}]},{\"t_ms\":50,\"action\":\"up\",\"action_index\":0,\"pointers\":[{\"id\":0,\"x\":10,"
            + "\"y\":10}]}]";
    private final CountDownLatch injecting = new CountDownLatch(1);
    /** A fatal exit would fail these tests: none of them has one. */
    private final ProcessExit exits = new ProcessExit() {
        @Override
        public void exit(int code) {
            throw new AssertionError("the session asked to exit with " + code);
        }
    };
    private BlockingDevice device;
    private ServerSocket server;
    private Thread helper;
    private Socket host;

    /** Its inject runs until cancelled; click counts performed actions. */
    private static final class BlockingDevice extends ModelDevice {
        private final CountDownLatch injecting;

        BlockingDevice(DeviceState state, CountDownLatch injecting) {
            super(state);
            this.injecting = injecting;
        }

        @Override
        public Injected inject(List<Request.PointerEvent> events, Cancellation cancellation) throws DeviceException {
            injecting.countDown();
            while (!cancellation.isCancelled()) {
                Thread.yield();
            }
            throw new DeviceException("CANCELLED", "cancelled", null);
        }
    }

    @Before
    public void start() throws Exception {
        File f = new File(System.getProperty("vectors.dir", "../shared/helper-protocol/vectors"),
                "read_control-unique-seekbar.json");
        JSONObject vector = new JSONObject(new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8));
        device = new BlockingDevice(DeviceState.fromJson(vector.getJSONObject("device_state")), injecting);
        server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
        helper = new Thread(new Runnable() {
            @Override
            public void run() {
                try (Socket s = server.accept()) {
                    new Session(device, "test", exits).run(s.getInputStream(), s.getOutputStream());
                } catch (Exception e) {
                    // the test sees the effects
                }
            }
        });
        helper.start();
        host = new Socket(server.getInetAddress(), server.getLocalPort());
        host.setSoTimeout(5000);
    }

    @After
    public void stop() throws Exception {
        host.close();
        helper.join(5000);
        server.close();
    }

    @Test
    public void helloFirstThenCancelOvertakesTheRunningInject() throws Exception {
        InputStream in = host.getInputStream();
        OutputStream out = host.getOutputStream();
        JSONObject hello = FrameCodec.read(in);
        assertEquals("hello", hello.getString("type"));
        assertEquals(4, hello.getInt("protocol"));
        assertEquals("this host is alone", 0, hello.getInt("sessions"));
        assertTrue(hello.getJSONArray("capabilities").toString().contains("inject.multi_pointer"));

        FrameCodec.write(out, new JSONObject("{\"id\":\"i1\",\"operation_id\":\"op-1\",\"op\":\"inject\",\"events\":" + TAP + "}"));
        FrameCodec.write(out, new JSONObject("{\"id\":\"r1\",\"operation_id\":\"op-2\",\"op\":\"read_control\","
                + "\"selector\":{\"resource_id\":\"com.example.player:id/play\"}}"));
        assertTrue(injecting.await(5, TimeUnit.SECONDS));
        FrameCodec.write(out, new JSONObject("{\"id\":\"c1\",\"operation_id\":\"op-3\",\"op\":\"cancel\","
                + "\"target_operation_id\":\"op-1\"}"));

        // The cancel answer and the stopped inject's answer race; the queued read comes after the inject.
        List<String> order = new ArrayList<String>();
        Map<String, JSONObject> byId = new HashMap<String, JSONObject>();
        for (int i = 0; i < 3; i++) {
            JSONObject response = FrameCodec.read(in);
            order.add(response.getString("id"));
            byId.put(response.getString("id"), response);
        }
        assertTrue(byId.get("c1").getJSONObject("result").getBoolean("was_running"));
        assertEquals("CANCELLED", byId.get("i1").getJSONObject("error").getString("code"));
        assertTrue(byId.get("r1").getBoolean("ok"));
        assertTrue(order.toString(), order.indexOf("i1") < order.indexOf("r1"));
    }

    @Test
    public void requestsQueuedWhenTheHostLeavesAreNeverPerformed() throws Exception {
        InputStream in = host.getInputStream();
        OutputStream out = host.getOutputStream();
        FrameCodec.read(in);
        FrameCodec.write(out, new JSONObject("{\"id\":\"i1\",\"operation_id\":\"op-1\",\"op\":\"inject\",\"events\":" + TAP + "}"));
        FrameCodec.write(out, new JSONObject("{\"id\":\"a1\",\"operation_id\":\"op-1\",\"op\":\"control_action\","
                + "\"selector\":{\"resource_id\":\"com.example.player:id/play\"},\"action\":\"click\"}"));
        assertTrue(injecting.await(5, TimeUnit.SECONDS));
        host.close();
        helper.join(5000);
        assertFalse("the session ended", helper.isAlive());
        assertEquals("the queued click never ran", 0, device.performed);
    }
}
