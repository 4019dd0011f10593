package com.tactile.helper.core;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Collections;

import org.json.JSONObject;
import org.junit.Test;

/** `touch` over several requests (the vectors see one): a contact followed event by event, and never left down. */
public class LiveTouchTest {
    private static DeviceState playerState() throws Exception {
        File f = new File(System.getProperty("vectors.dir", "../shared/helper-protocol/vectors"),
                "read_control-unique-seekbar.json");
        JSONObject vector = new JSONObject(new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8));
        return DeviceState.fromJson(vector.getJSONObject("device_state"));
    }

    private static JSONObject touch(String id, String op, String action, int x, int y) throws Exception {
        return new JSONObject("{\"id\":\"" + id + "\",\"operation_id\":\"" + op + "\",\"op\":\"touch\",\"action\":\""
                + action + "\",\"action_index\":0,\"pointers\":[{\"id\":0,\"x\":" + x + ",\"y\":" + y + "}]}");
    }

    @Test
    public void eachEventIsInjectedNowWithTheContactsDownTime() throws Exception {
        ModelDevice device = new ModelDevice(playerState());
        Evaluator evaluator = new Evaluator(device, Collections.<String>emptyList());
        JSONObject down = evaluator.handle(touch("1", "op", "down", 100, 200));
        assertTrue(down.toString(), down.getBoolean("ok"));
        long downTime = down.getJSONObject("result").getLong("down_time_ms");
        device.clock.advance(16);
        JSONObject move = evaluator.handle(touch("2", "op", "move", 120, 210));
        assertEquals(downTime, move.getJSONObject("result").getLong("down_time_ms"));
        assertEquals(downTime + 16, move.getJSONObject("result").getLong("event_time_ms"));
        JSONObject other = evaluator.handle(touch("3", "op-2", "move", 130, 210));
        assertEquals("/operation_id", other.getJSONObject("error").getString("path"));
        assertTrue(evaluator.handle(touch("4", "op", "up", 130, 210)).getBoolean("ok"));
        assertEquals(3, device.touches.size());
        long[] actions = {device.touches.get(0)[2], device.touches.get(1)[2], device.touches.get(2)[2]};
        assertEquals("[0, 2, 1]", java.util.Arrays.toString(actions));
        // The contact ended: a move now has nothing to follow.
        assertEquals("INVALID_ARGUMENT", evaluator.handle(touch("5", "op", "move", 1, 1)).getJSONObject("error").getString("code"));
    }

    @Test
    public void theHostGoingAwayOrCancellingLiftsTheContact() throws Exception {
        ModelDevice device = new ModelDevice(playerState());
        Evaluator evaluator = new Evaluator(device, Collections.<String>emptyList());
        assertTrue(evaluator.handle(touch("1", "op", "down", 100, 200)).getBoolean("ok"));
        JSONObject cancel = evaluator.handle(new JSONObject("{\"id\":\"c\",\"operation_id\":\"host\",\"op\":\"cancel\","
                + "\"target_operation_id\":\"op\"}"));
        assertTrue(cancel.getJSONObject("result").getBoolean("was_running"));
        assertEquals(InjectPlan.ACTION_CANCEL, device.touches.get(1)[2]);
        assertEquals("CANCELLED", evaluator.handle(touch("2", "op", "move", 1, 1)).getJSONObject("error").getString("code"));

        assertTrue(evaluator.handle(touch("3", "op-b", "down", 100, 200)).getBoolean("ok"));
        evaluator.close();
        assertEquals(4, device.touches.size());
        assertEquals(InjectPlan.ACTION_CANCEL, device.touches.get(3)[2]);
        evaluator.close();
        assertFalse("closing twice lifts nothing more", device.touches.size() > 4);
    }
}
