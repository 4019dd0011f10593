package com.tactile.helper.core;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

import java.net.Socket;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.json.JSONObject;
import org.junit.After;
import org.junit.Test;

/**
 * The process from arguments to exit status over a real loopback socket: several hosts served at once, 0 once
 * stdin ended and the last host left, start failures 2/3/5, and the fatal ones mid-session (6 lost UiAutomation,
 * 7 a Throwable) after an INTERNAL answer and the exit notice.
 */
public class HelperLifecycleTest {
    private static final String READ = HelperProcess.READ;
    private final HelperProcess helper = new HelperProcess();

    @After
    public void end() throws Exception {
        helper.stop();
    }

    @Test
    public void badArgumentsProtocolMismatchAndOldAndroidAreExit2() throws Exception {
        FakePlatform platform = helper.platform(new ModelDevice(HelperProcess.state()));
        assertEquals(ExitCodes.BAD_ARGUMENTS, helper.run(new String[] {}, 34, platform));
        assertEquals(ExitCodes.BAD_ARGUMENTS, helper.run(new String[] {"3"}, 34, platform));
        assertEquals(ExitCodes.BAD_ARGUMENTS, helper.run(new String[] {"4", "socket=a b"}, 34, platform));
        assertEquals(ExitCodes.BAD_ARGUMENTS, helper.run(new String[] {"4"}, 19, platform));
    }

    @Test
    public void serviceInfoThatStaysNullIsExit3AfterTheRetries() throws Exception {
        FakePlatform platform = helper.platform(new ModelDevice(HelperProcess.state()));
        platform.automation = new FakeAutomation();
        platform.automation.nullAnswers = Integer.MAX_VALUE;
        assertEquals(ExitCodes.UIAUTOMATION_FAILED, helper.run(new String[] {"4"}, 30, platform));
        assertEquals(AccessibilitySetup.SERVICE_INFO_TRIES, platform.automation.calls.size());
    }

    @Test
    public void aConnectionThatBreaksWhileBeingConfiguredIsExit3() throws Exception {
        FakePlatform platform = helper.platform(new ModelDevice(HelperProcess.state()));
        platform.automation = new FakeAutomation();
        platform.automation.lost = true;
        assertEquals(ExitCodes.UIAUTOMATION_FAILED, helper.run(new String[] {"4"}, 30, platform));
    }

    @Test
    public void aSocketThatCannotBeBoundIsExit5() throws Exception {
        FakePlatform platform = helper.platform(new ModelDevice(HelperProcess.state()));
        platform.socketFails = true;
        assertEquals(ExitCodes.SOCKET_FAILED, helper.run(new String[] {"4", "socket=tactile-helper"}, 30, platform));
    }

    @Test
    public void servesSeveralHostsAndExits0OnlyOnceStdinEndedAndTheLastHostLeft() throws Exception {
        helper.start(new String[] {"4"}, 34, helper.platform(new ModelDevice(HelperProcess.state())));
        Socket a = helper.connect(0);
        Socket b = helper.connect(1);
        FrameCodec.write(b.getOutputStream(), new JSONObject(READ));
        assertTrue(FrameCodec.read(b.getInputStream()).getBoolean("ok"));
        a.close();
        helper.endStdin(); // the launcher is gone, b is not: the helper keeps serving, new hosts included
        Socket c = helper.connect(-1); // a's leaving may not be counted yet
        FrameCodec.write(c.getOutputStream(), new JSONObject(READ));
        assertTrue(FrameCodec.read(c.getInputStream()).getBoolean("ok"));
        b.close();
        c.close();
        assertEquals(Integer.valueOf(ExitCodes.SESSION_ENDED), helper.exits.poll(20, TimeUnit.SECONDS));
        assertEquals(Integer.valueOf(ExitCodes.SESSION_ENDED), helper.returned.poll(20, TimeUnit.SECONDS));
    }

    @Test
    public void aHostLeavingMidInjectLiftsTheFingerWhileTheHelperServesOn() throws Exception {
        final CountDownLatch injecting = new CountDownLatch(1);
        final CountDownLatch lifted = new CountDownLatch(1);
        Device holding = new ModelDevice(HelperProcess.state()) {
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
        helper.start(new String[] {"4"}, 34, helper.platform(holding));
        Socket host = helper.connect();
        FrameCodec.write(host.getOutputStream(), new JSONObject("{\"id\":\"i1\",\"operation_id\":\"op-1\","
                + "\"op\":\"inject\",\"events\":[{\"t_ms\":0,\"action\":\"down\",\"action_index\":0,"
                + "\"pointers\":[{\"id\":0,\"x\":10,\"y\":10}]},{\"t_ms\":60000,\"action\":\"up\","
                + "\"action_index\":0,\"pointers\":[{\"id\":0,\"x\":10,\"y\":10}]}]}"));
        assertTrue(injecting.await(20, TimeUnit.SECONDS));
        host.close();
        assertTrue("the finger was lifted when its host left", lifted.await(20, TimeUnit.SECONDS));
        Socket next = helper.connect(-1); // still listening: its launcher's stdin is open
        FrameCodec.write(next.getOutputStream(), new JSONObject(READ));
        assertTrue(FrameCodec.read(next.getInputStream()).getBoolean("ok"));
        next.close();
        assertNull("nothing ended the process", helper.exits.poll());
    }

    @Test
    public void stdinEofBeforeAnyHostConnectedExits0() throws Exception {
        helper.start(new String[] {"4"}, 34, helper.platform(new ModelDevice(HelperProcess.state())));
        assertTrue("the helper listened", helper.ports.poll(20, TimeUnit.SECONDS) != null);
        helper.endStdin();
        assertEquals(Integer.valueOf(ExitCodes.SESSION_ENDED), helper.returned.poll(20, TimeUnit.SECONDS));
        assertEquals(Integer.valueOf(ExitCodes.SESSION_ENDED), helper.exits.poll(20, TimeUnit.SECONDS));
    }

    @Test
    public void aLostUiAutomationConnectionAnswersInternalThenExits6() throws Exception {
        Device lost = new ModelDevice(HelperProcess.state()) {
            @Override
            public DeviceState snapshot() {
                throw new IllegalStateException("UiAutomation not connected, UiAutomation@1f2a3b4c[id=-1, flags=0]");
            }
        };
        helper.start(new String[] {"4"}, 34, helper.platform(lost));
        Socket host = helper.connect(0);
        Socket other = helper.connect(1);
        FrameCodec.write(host.getOutputStream(), new JSONObject(READ));
        JSONObject answer = FrameCodec.read(host.getInputStream());
        assertEquals("r1", answer.getString("id"));
        assertEquals("INTERNAL", answer.getJSONObject("error").getString("code"));
        assertTrue(answer.toString(), answer.getJSONObject("error").getString("message").contains("lost"));
        assertEquals(ExitCodes.UIAUTOMATION_LOST, answer.getJSONObject("error").getJSONObject("details").getInt("exit"));
        HelperProcess.assertExitNotice(host, ExitCodes.UIAUTOMATION_LOST);
        HelperProcess.assertExitNotice(other, ExitCodes.UIAUTOMATION_LOST); // a host that asked nothing learns it too
        assertEquals(Integer.valueOf(ExitCodes.UIAUTOMATION_LOST), helper.exits.poll(20, TimeUnit.SECONDS));
        host.close();
        other.close();
    }

    @Test
    public void aThrowableOnTheWorkerAnswersInternalThenExits7() throws Exception {
        Device broken = new ModelDevice(HelperProcess.state()) {
            @Override
            public DeviceState snapshot() {
                throw new OutOfMemoryError("Failed to allocate a 4096016 byte allocation");
            }
        };
        helper.start(new String[] {"4"}, 34, helper.platform(broken));
        Socket host = helper.connect();
        FrameCodec.write(host.getOutputStream(), new JSONObject(READ));
        JSONObject answer = FrameCodec.read(host.getInputStream());
        assertEquals("r1", answer.getString("id"));
        assertEquals("op-1", answer.getString("operation_id"));
        assertEquals("INTERNAL", answer.getJSONObject("error").getString("code"));
        assertTrue(answer.toString(), answer.getJSONObject("error").getString("message").contains("OutOfMemoryError"));
        HelperProcess.assertExitNotice(host, ExitCodes.WORKER_CRASHED);
        assertEquals(Integer.valueOf(ExitCodes.WORKER_CRASHED), helper.exits.poll(20, TimeUnit.SECONDS));
        host.close();
    }

    @Test
    public void anUnknownFailureStaysAnAnswerAndTheSessionGoesOn() throws Exception {
        Device flaky = new ModelDevice(HelperProcess.state()) {
            @Override
            public DeviceState snapshot() {
                throw new IllegalStateException("node recycled");
            }
        };
        helper.start(new String[] {"4"}, 34, helper.platform(flaky));
        Socket host = helper.connect();
        FrameCodec.write(host.getOutputStream(), new JSONObject(READ));
        assertEquals("INTERNAL", FrameCodec.read(host.getInputStream()).getJSONObject("error").getString("code"));
        FrameCodec.write(host.getOutputStream(), new JSONObject(READ.replace("r1", "r2")));
        assertEquals("the session goes on", "r2", FrameCodec.read(host.getInputStream()).getString("id"));
        host.close();
        helper.endStdin();
        assertEquals("not fatal: the only exit is the quiet one", Integer.valueOf(ExitCodes.SESSION_ENDED),
                helper.exits.poll(20, TimeUnit.SECONDS));
    }
}
