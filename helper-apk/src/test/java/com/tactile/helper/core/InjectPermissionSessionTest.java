package com.tactile.helper.core;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Collections;
import java.util.List;

import org.json.JSONObject;
import org.junit.Test;

/** After Android refuses INJECT_EVENTS once, the session stops offering inject.* and never tries again. */
public class InjectPermissionSessionTest {
    private static final String TAP = "[{\"t_ms\":0,\"action\":\"down\",\"action_index\":0,\"pointers\":[{\"id\":0,"
            + "\"x\":10,\"y\":10}]},{\"t_ms\":50,\"action\":\"up\",\"action_index\":0,\"pointers\":[{\"id\":0,\"x\":10,"
            + "\"y\":10}]}]";

    /** A MIUI phone without "USB debugging (Security settings)": every injection is refused. */
    private static final class RefusingDevice extends ModelDevice {
        final RecordingSink sink = new RecordingSink(clock, 1, 0);

        RefusingDevice(DeviceState state) {
            super(state);
        }

        @Override
        public Injected inject(List<Request.PointerEvent> events, Cancellation cancellation) throws DeviceException {
            try {
                return new PointerInjector(sink, clock).inject(events, cancellation);
            } catch (InterruptedException e) {
                throw new DeviceException("CANCELLED", "interrupted");
            }
        }
    }

    private static DeviceState state() throws Exception {
        File f = new File(System.getProperty("vectors.dir", "../shared/helper-protocol/vectors"),
                "read_control-unique-seekbar.json");
        return DeviceState.fromJson(new JSONObject(new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8))
                .getJSONObject("device_state"));
    }

    private static JSONObject inject(String id) throws Exception {
        return new JSONObject("{\"id\":\"" + id + "\",\"operation_id\":\"op-1\",\"op\":\"inject\",\"events\":" + TAP + "}");
    }

    @Test
    public void firstRefusalIsInjectPermissionDeniedThenInjectIsUnavailable() throws Exception {
        RefusingDevice device = new RefusingDevice(state());
        Evaluator evaluator = new Evaluator(device, Collections.<String>emptyList());

        JSONObject first = evaluator.handle(inject("i1")).getJSONObject("error");
        assertEquals("INJECT_PERMISSION_DENIED", first.getString("code"));
        JSONObject details = first.getJSONObject("details");
        assertEquals("android.permission.INJECT_EVENTS", details.getString("permission"));
        assertEquals(RecordingSink.AOSP_DENIAL, details.getString("reason"));
        assertEquals("USB debugging (Security settings)", details.getString("setting"));
        assertEquals(0, details.getInt("dispatched"));

        JSONObject second = evaluator.handle(inject("i2")).getJSONObject("error");
        assertEquals("CAPABILITY_UNAVAILABLE", second.getString("code"));
        assertEquals("inject_permission_denied", second.getJSONObject("details").getString("reason"));
        assertEquals("the second inject never reached Android", 1, device.sink.calls);

        // Reading is unaffected: only inject.* went away.
        JSONObject read = evaluator.handle(new JSONObject("{\"id\":\"r1\",\"operation_id\":\"op-2\","
                + "\"op\":\"read_control\",\"selector\":{\"resource_id\":\"com.example.player:id/play\"}}"));
        assertTrue(read.toString(), read.getBoolean("ok"));
    }
}
