package com.tactile.helper.core;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.net.Socket;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.json.JSONObject;
import org.junit.After;
import org.junit.Test;

/**
 * One helper process, several hosts (PROTOCOL.md §11), through the real lifecycle: UiAutomation configured on the
 * fake automation, every accepted connection a session of its own. Reads of one host run while another's read is
 * stuck inside UiAutomation; input is one operation at a time across hosts, and a host that leaves mid-gesture
 * frees the device for the next.
 */
public class MultiSessionServerTest {
    private static final String TAP = "[{\"t_ms\":0,\"action\":\"down\",\"action_index\":0,\"pointers\":[{\"id\":0,"
            + "\"x\":10,\"y\":10}]},{\"t_ms\":50,\"action\":\"up\",\"action_index\":0,\"pointers\":[{\"id\":0,\"x\":10,"
            + "\"y\":10}]}]";
    private static final String HOLD = TAP.replace("\"t_ms\":50", "\"t_ms\":600000");
    private final HelperProcess helper = new HelperProcess();

    /** The first snapshot after blockReads waits for releaseRead; a 10-minute hold stays down until cancelled. */
    private static final class SharedDevice extends ModelDevice {
        final CountDownLatch stuckRead = new CountDownLatch(1);
        final CountDownLatch releaseRead = new CountDownLatch(1);
        final CountDownLatch injecting = new CountDownLatch(1);
        final CountDownLatch lifted = new CountDownLatch(1);
        volatile boolean blockReads;

        SharedDevice(DeviceState state) {
            super(state);
        }

        @Override
        public DeviceState snapshot() {
            if (blockReads) {
                blockReads = false; // only the first read blocks
                stuckRead.countDown();
                try {
                    releaseRead.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return super.snapshot();
        }

        @Override
        public Injected inject(List<Request.PointerEvent> events, Cancellation cancellation) throws DeviceException {
            if (events.get(events.size() - 1).tMs < 600000) {
                return super.inject(events, cancellation);
            }
            injecting.countDown();
            while (!cancellation.isCancelled()) {
                Thread.yield();
            }
            lifted.countDown(); // the real injector sends ACTION_CANCEL here
            throw new DeviceException("CANCELLED", "cancelled");
        }
    }

    private static JSONObject request(String id, String operation, String rest) throws Exception {
        return new JSONObject("{\"id\":\"" + id + "\",\"operation_id\":\"" + operation + "\"," + rest + "}");
    }

    private static JSONObject ask(Socket host, JSONObject request) throws Exception {
        FrameCodec.write(host.getOutputStream(), request);
        return FrameCodec.read(host.getInputStream());
    }

    private SharedDevice startHelper() throws Exception {
        SharedDevice device = new SharedDevice(HelperProcess.state());
        FakePlatform platform = helper.platform(device);
        platform.automation = new FakeAutomation(); // the start configures UiAutomation as on a phone
        helper.start(new String[] {"4"}, 34, platform);
        return device;
    }

    @After
    public void end() throws Exception {
        helper.stop();
    }

    @Test
    public void aHostReadsWhileAnotherHostsReadIsStuckInUiAutomation() throws Exception {
        SharedDevice device = startHelper();
        Socket a = helper.connect(0);
        Socket b = helper.connect(1);
        device.blockReads = true;
        FrameCodec.write(a.getOutputStream(), new JSONObject(HelperProcess.READ));
        assertTrue("a's read is inside UiAutomation", device.stuckRead.await(20, TimeUnit.SECONDS));
        JSONObject bRead = ask(b, new JSONObject(HelperProcess.READ.replace("r1", "r2")));
        assertEquals("b was answered while a's read was stuck", "r2", bRead.getString("id"));
        assertTrue(bRead.toString(), bRead.getBoolean("ok"));
        device.releaseRead.countDown();
        JSONObject aRead = FrameCodec.read(a.getInputStream());
        assertEquals("r1", aRead.getString("id"));
        assertTrue(aRead.getBoolean("ok"));
        assertEquals(2, ask(a, request("p1", "probe", "\"op\":\"ping\"")).getJSONObject("result").getInt("sessions"));
        a.close();
        b.close();
    }

    @Test
    public void inputIsOneOperationAtATimeAndAHostLeavingMidGestureFreesTheDevice() throws Exception {
        SharedDevice device = startHelper();
        Socket a = helper.connect(0);
        Socket b = helper.connect(1);
        FrameCodec.write(a.getOutputStream(), request("i1", "op-a", "\"op\":\"inject\",\"events\":" + HOLD));
        assertTrue(device.injecting.await(20, TimeUnit.SECONDS));

        JSONObject refused = ask(b, request("i1", "op-b", "\"op\":\"inject\",\"events\":" + TAP));
        assertEquals(refused.toString(), "DEVICE_BUSY", refused.getJSONObject("error").getString("code"));
        assertEquals("op-a", refused.getJSONObject("error").getJSONObject("details").getString("holder_operation_id"));
        JSONObject click = ask(b, request("a1", "op-b", "\"op\":\"control_action\",\"selector\":"
                + "{\"resource_id\":\"com.example.player:id/play\"},\"action\":\"click\""));
        assertEquals("DEVICE_BUSY", click.getJSONObject("error").getString("code"));
        assertEquals("nothing was performed for b", 0, device.performed);

        a.close(); // a's host is gone mid-gesture: its finger is lifted and the gate opens
        assertTrue("a's finger was lifted", device.lifted.await(20, TimeUnit.SECONDS));
        JSONObject tap = null;
        for (int attempt = 0; attempt < 2000; attempt++) {
            tap = ask(b, request("i" + (attempt + 2), "op-b", "\"op\":\"inject\",\"events\":" + TAP));
            if (tap.getBoolean("ok") || !"DEVICE_BUSY".equals(tap.getJSONObject("error").getString("code"))) {
                break;
            }
            Thread.sleep(5); // the gate opens once a's inject has wound down: poll for it
        }
        assertTrue(String.valueOf(tap), tap.getBoolean("ok"));
        assertEquals(2, tap.getJSONObject("result").getInt("dispatched"));
        b.close();
    }
}
