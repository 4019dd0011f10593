package com.tactile.helper.core;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
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
import org.junit.After;
import org.junit.Test;

/**
 * The process from arguments to exit status over a real loopback socket: one session then 0, stdin EOF 0, start
 * failures 2/3/5, and the fatal ones mid-session (6 lost UiAutomation, 7 a Throwable) after an INTERNAL answer.
 */
public class HelperLifecycleTest {
    private static final String READ = "{\"id\":\"r1\",\"operation_id\":\"op-1\",\"op\":\"read_control\","
            + "\"selector\":{\"resource_id\":\"com.example.player:id/play\"}}";
    private final BlockingQueue<Integer> exits = new ArrayBlockingQueue<Integer>(10);
    private final BlockingQueue<Integer> ports = new ArrayBlockingQueue<Integer>(1);
    private final CountDownLatch stdinEof = new CountDownLatch(1);
    private final BlockingQueue<Integer> returned = new ArrayBlockingQueue<Integer>(1);
    private Thread process;

    private final ProcessExit exit = new ProcessExit() {
        @Override
        public void exit(int code) {
            exits.add(code);
        }
    };

    /** The host's shell stream: stdin stays open until the test ends it. */
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

    private static DeviceState state() throws Exception {
        File f = new File(System.getProperty("vectors.dir", "../shared/helper-protocol/vectors"),
                "read_control-unique-seekbar.json");
        return DeviceState.fromJson(new JSONObject(new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8))
                .getJSONObject("device_state"));
    }

    /** A platform over a loopback ServerSocket whose connect gives `device` (or runs `setup` first). */
    private final class FakePlatform implements HelperLifecycle.Platform {
        final Device device;
        FakeAutomation automation;
        boolean socketFails;

        FakePlatform(Device device) {
            this.device = device;
        }

        @Override
        public Device connect() throws AccessibilitySetup.Failure, InterruptedException {
            if (automation != null) {
                AccessibilitySetup.configure(automation, new FakeClock(0));
            }
            return device;
        }

        @Override
        public HelperLifecycle.Listener listen(String name) throws IOException {
            if (socketFails) {
                throw new IOException("Address already in use");
            }
            return LoopbackListener.open(ports::add);
        }

        @Override
        public InputStream stdin() {
            return stdin;
        }
    }

    private void start(final String[] args, final int sdk, final HelperLifecycle.Platform platform) {
        process = new Thread(new Runnable() {
            @Override
            public void run() {
                returned.add(HelperLifecycle.run(args, sdk, "test", platform, exit));
            }
        });
        process.start();
    }

    private int run(String[] args, int sdk, HelperLifecycle.Platform platform) throws Exception {
        start(args, sdk, platform);
        Integer code = returned.poll(20, TimeUnit.SECONDS);
        assertTrue("the helper returned", code != null);
        return code;
    }

    private Socket connect() throws Exception {
        Integer port = ports.poll(20, TimeUnit.SECONDS);
        assertTrue("the helper listened", port != null);
        Socket host = new Socket(InetAddress.getLoopbackAddress(), port);
        host.setSoTimeout(20000);
        assertEquals("hello", FrameCodec.read(host.getInputStream()).getString("type"));
        return host;
    }

    @After
    public void end() throws Exception {
        stdinEof.countDown();
        if (process != null) {
            process.join(20000);
        }
    }

    @Test
    public void badArgumentsProtocolMismatchAndOldAndroidAreExit2() throws Exception {
        FakePlatform platform = new FakePlatform(new ModelDevice(state()));
        assertEquals(ExitCodes.BAD_ARGUMENTS, run(new String[] {}, 34, platform));
        assertEquals(ExitCodes.BAD_ARGUMENTS, run(new String[] {"2"}, 34, platform));
        assertEquals(ExitCodes.BAD_ARGUMENTS, run(new String[] {"3", "socket=a b"}, 34, platform));
        assertEquals(ExitCodes.BAD_ARGUMENTS, run(new String[] {"3"}, 19, platform));
    }

    @Test
    public void serviceInfoThatStaysNullIsExit3AfterTheRetries() throws Exception {
        FakePlatform platform = new FakePlatform(new ModelDevice(state()));
        platform.automation = new FakeAutomation();
        platform.automation.nullAnswers = Integer.MAX_VALUE;
        assertEquals(ExitCodes.UIAUTOMATION_FAILED, run(new String[] {"3"}, 30, platform));
        assertEquals(AccessibilitySetup.SERVICE_INFO_TRIES, platform.automation.calls.size());
    }

    @Test
    public void aConnectionThatBreaksWhileBeingConfiguredIsExit3() throws Exception {
        FakePlatform platform = new FakePlatform(new ModelDevice(state()));
        platform.automation = new FakeAutomation();
        platform.automation.lost = true;
        assertEquals(ExitCodes.UIAUTOMATION_FAILED, run(new String[] {"3"}, 30, platform));
    }

    @Test
    public void aSocketThatCannotBeBoundIsExit5() throws Exception {
        FakePlatform platform = new FakePlatform(new ModelDevice(state()));
        platform.socketFails = true;
        assertEquals(ExitCodes.SOCKET_FAILED, run(new String[] {"3", "socket=tactile-helper"}, 30, platform));
    }

    @Test
    public void theHelperServesOneSessionAndExits0WhenTheHostCloses() throws Exception {
        start(new String[] {"3"}, 34, new FakePlatform(new ModelDevice(state())));
        Socket host = connect();
        FrameCodec.write(host.getOutputStream(), new JSONObject(READ));
        assertTrue(FrameCodec.read(host.getInputStream()).getBoolean("ok"));
        host.close();
        assertEquals(Integer.valueOf(ExitCodes.SESSION_ENDED), returned.poll(20, TimeUnit.SECONDS));
        assertNull("nothing asked the process to exit early", exits.poll());
    }

    @Test
    public void stdinReachingEofStopsTheRunningInjectClosesTheSessionAndExits0() throws Exception {
        final CountDownLatch injecting = new CountDownLatch(1);
        final CountDownLatch lifted = new CountDownLatch(1);
        Device holding = new ModelDevice(state()) {
            @Override
            public Injected inject(java.util.List<Request.PointerEvent> events, Cancellation cancellation)
                    throws DeviceException {
                injecting.countDown();
                while (!cancellation.isCancelled()) {
                    Thread.yield();
                }
                lifted.countDown(); // the real injector sends ACTION_CANCEL here
                throw new DeviceException("CANCELLED", "cancelled");
            }
        };
        start(new String[] {"3"}, 34, new FakePlatform(holding));
        Socket host = connect();
        FrameCodec.write(host.getOutputStream(), new JSONObject("{\"id\":\"i1\",\"operation_id\":\"op-1\","
                + "\"op\":\"inject\",\"events\":[{\"t_ms\":0,\"action\":\"down\",\"action_index\":0,"
                + "\"pointers\":[{\"id\":0,\"x\":10,\"y\":10}]},{\"t_ms\":60000,\"action\":\"up\","
                + "\"action_index\":0,\"pointers\":[{\"id\":0,\"x\":10,\"y\":10}]}]}"));
        assertTrue(injecting.await(20, TimeUnit.SECONDS));
        stdinEof.countDown();
        assertTrue("the finger was lifted before the process ended", lifted.await(20, TimeUnit.SECONDS));
        assertEquals(Integer.valueOf(ExitCodes.SESSION_ENDED), returned.poll(20, TimeUnit.SECONDS));
        assertEquals(Integer.valueOf(ExitCodes.SESSION_ENDED), exits.poll(20, TimeUnit.SECONDS));
        host.close();
    }

    @Test
    public void stdinEofBeforeAnyHostConnectedExits0() throws Exception {
        start(new String[] {"3"}, 34, new FakePlatform(new ModelDevice(state())));
        assertTrue("the helper listened", ports.poll(20, TimeUnit.SECONDS) != null);
        stdinEof.countDown();
        assertEquals(Integer.valueOf(ExitCodes.SESSION_ENDED), returned.poll(20, TimeUnit.SECONDS));
        assertEquals(Integer.valueOf(ExitCodes.SESSION_ENDED), exits.poll(20, TimeUnit.SECONDS));
    }

    @Test
    public void aLostUiAutomationConnectionAnswersInternalThenExits6() throws Exception {
        Device lost = new ModelDevice(state()) {
            @Override
            public DeviceState snapshot() {
                throw new IllegalStateException("UiAutomation not connected, UiAutomation@1f2a3b4c[id=-1, flags=0]");
            }
        };
        start(new String[] {"3"}, 34, new FakePlatform(lost));
        Socket host = connect();
        FrameCodec.write(host.getOutputStream(), new JSONObject(READ));
        JSONObject answer = FrameCodec.read(host.getInputStream());
        assertEquals("r1", answer.getString("id"));
        assertEquals("INTERNAL", answer.getJSONObject("error").getString("code"));
        assertTrue(answer.toString(), answer.getJSONObject("error").getString("message").contains("lost"));
        assertEquals(Integer.valueOf(ExitCodes.UIAUTOMATION_LOST), exits.poll(20, TimeUnit.SECONDS));
        host.close();
    }

    @Test
    public void aThrowableOnTheWorkerAnswersInternalThenExits7() throws Exception {
        Device broken = new ModelDevice(state()) {
            @Override
            public DeviceState snapshot() {
                throw new OutOfMemoryError("Failed to allocate a 4096016 byte allocation");
            }
        };
        start(new String[] {"3"}, 34, new FakePlatform(broken));
        Socket host = connect();
        FrameCodec.write(host.getOutputStream(), new JSONObject(READ));
        JSONObject answer = FrameCodec.read(host.getInputStream());
        assertEquals("r1", answer.getString("id"));
        assertEquals("op-1", answer.getString("operation_id"));
        assertEquals("INTERNAL", answer.getJSONObject("error").getString("code"));
        assertTrue(answer.toString(), answer.getJSONObject("error").getString("message").contains("OutOfMemoryError"));
        assertEquals(Integer.valueOf(ExitCodes.WORKER_CRASHED), exits.poll(20, TimeUnit.SECONDS));
        host.close();
    }

    @Test
    public void anUnknownFailureStaysAnAnswerAndTheSessionGoesOn() throws Exception {
        Device flaky = new ModelDevice(state()) {
            @Override
            public DeviceState snapshot() {
                throw new IllegalStateException("node recycled");
            }
        };
        start(new String[] {"3"}, 34, new FakePlatform(flaky));
        Socket host = connect();
        FrameCodec.write(host.getOutputStream(), new JSONObject(READ));
        assertEquals("INTERNAL", FrameCodec.read(host.getInputStream()).getJSONObject("error").getString("code"));
        host.close();
        assertEquals(Integer.valueOf(ExitCodes.SESSION_ENDED), returned.poll(20, TimeUnit.SECONDS));
        assertNull("not fatal", exits.poll());
    }
}
