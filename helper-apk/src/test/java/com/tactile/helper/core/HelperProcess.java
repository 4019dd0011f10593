package com.tactile.helper.core;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.json.JSONObject;

/**
 * A helper process for the tests: HelperLifecycle.run on a thread, over FakePlatform's loopback socket, with a
 * stdin that stays open until endStdin() (the launching host's shell stream) and the exits it asked for recorded.
 */
final class HelperProcess {
    static final String READ = "{\"id\":\"r1\",\"operation_id\":\"op-1\",\"op\":\"read_control\","
            + "\"selector\":{\"resource_id\":\"com.example.player:id/play\"}}";
    final BlockingQueue<Integer> exits = new ArrayBlockingQueue<Integer>(10);
    final BlockingQueue<Integer> ports = new ArrayBlockingQueue<Integer>(1);
    final BlockingQueue<Integer> returned = new ArrayBlockingQueue<Integer>(1);
    private final CountDownLatch stdinEof = new CountDownLatch(1);
    private Thread process;
    private Integer port;

    private final ProcessExit exit = new ProcessExit() {
        @Override
        public void exit(int code) {
            exits.add(code);
        }
    };

    private final InputStream stdin = new InputStream() {
        @Override
        public int read() throws IOException {
            try {
                stdinEof.await();
            } catch (InterruptedException e) {
                throw new IOException(e);
            }
            return -1;
        }
    };

    /** The device state of the read_control-unique-seekbar vector (a player with a Play button and a seek bar). */
    static DeviceState state() throws Exception {
        File f = new File(System.getProperty("vectors.dir", "../shared/helper-protocol/vectors"),
                "read_control-unique-seekbar.json");
        return DeviceState.fromJson(new JSONObject(new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8))
                .getJSONObject("device_state"));
    }

    FakePlatform platform(Device device) {
        return new FakePlatform(device, ports, stdin);
    }

    void start(final String[] args, final int sdk, final HelperLifecycle.Platform platform) {
        process = new Thread(new Runnable() {
            @Override
            public void run() {
                returned.add(HelperLifecycle.run(args, sdk, "test", platform, exit));
            }
        });
        process.start();
    }

    int run(String[] args, int sdk, HelperLifecycle.Platform platform) throws Exception {
        start(args, sdk, platform);
        Integer code = returned.poll(20, TimeUnit.SECONDS);
        assertTrue("the helper returned", code != null);
        return code;
    }

    /** A host connects; returns its socket after checking the hello counts `others` other hosts (-1: any). */
    Socket connect(int others) throws Exception {
        if (port == null) {
            port = ports.poll(20, TimeUnit.SECONDS);
            assertTrue("the helper listened", port != null);
        }
        Socket host = new Socket(InetAddress.getLoopbackAddress(), port);
        host.setSoTimeout(20000);
        JSONObject hello = FrameCodec.read(host.getInputStream());
        assertEquals("hello", hello.getString("type"));
        assertEquals(4, hello.getInt("protocol"));
        if (others >= 0) {
            assertEquals(others, hello.getInt("sessions"));
        }
        return host;
    }

    Socket connect() throws Exception {
        return connect(0);
    }

    /** The launching host's shell stream ends. */
    void endStdin() {
        stdinEof.countDown();
    }

    /** The exit notice every host gets before a fatal exit. */
    static void assertExitNotice(Socket host, int code) throws Exception {
        JSONObject notice = FrameCodec.read(host.getInputStream());
        assertEquals(notice.toString(), "exit", notice.getString("type"));
        assertEquals(code, notice.getInt("code"));
    }

    void stop() throws InterruptedException {
        stdinEof.countDown();
        if (process != null) {
            process.join(20000);
        }
    }
}
