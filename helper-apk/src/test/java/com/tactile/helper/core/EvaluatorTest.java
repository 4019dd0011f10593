package com.tactile.helper.core;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.json.JSONArray;
import org.json.JSONObject;
import org.junit.Test;

/** What the vectors cannot show: concurrency of cancel, scroll settling over time, malformed frames. */
public class EvaluatorTest {
    private static final String TAP = "[{\"t_ms\":0,\"action\":\"down\",\"action_index\":0,\"pointers\":[{\"id\":0,"
            + "\"x\":10,\"y\":10}]},{\"t_ms\":50,\"action\":\"up\",\"action_index\":0,\"pointers\":[{\"id\":0,\"x\":10,"
            + "\"y\":10}]}]";

    private static DeviceState playerState() throws Exception {
        File f = new File(System.getProperty("vectors.dir", "../shared/helper-protocol/vectors"),
                "read_control-unique-seekbar.json");
        JSONObject vector = new JSONObject(new String(Files.readAllBytes(f.toPath()), StandardCharsets.UTF_8));
        return DeviceState.fromJson(vector.getJSONObject("device_state"));
    }

    private static JSONObject request(String json) throws Exception {
        return new JSONObject(json);
    }

    @Test
    public void cancelStopsTheRunningInjectAndBlocksItsOperationAfterwards() throws Exception {
        final CountDownLatch injecting = new CountDownLatch(1);
        ModelDevice blocking = new ModelDevice(playerState()) {
            @Override
            public Injected inject(List<Request.PointerEvent> events, Cancellation cancellation)
                    throws DeviceException {
                injecting.countDown(); // the first event went out; the plan waits for its next event time
                while (!cancellation.isCancelled()) {
                    Thread.yield();
                }
                throw new DeviceException("CANCELLED", "cancelled", details(1));
            }
        };
        final Evaluator evaluator = new Evaluator(blocking, Collections.<String>emptyList());
        final AtomicReference<JSONObject> injectResponse = new AtomicReference<JSONObject>();
        final JSONObject inject = request("{\"id\":\"i1\",\"operation_id\":\"op-7\",\"op\":\"inject\",\"events\":" + TAP + "}");
        Thread t = new Thread(new Runnable() {
            @Override
            public void run() {
                injectResponse.set(evaluator.handle(inject));
            }
        });
        t.start();
        assertTrue(injecting.await(5, TimeUnit.SECONDS));
        JSONObject cancel = evaluator.handle(request(
                "{\"id\":\"c1\",\"operation_id\":\"op-8\",\"op\":\"cancel\",\"target_operation_id\":\"op-7\"}"));
        assertTrue(cancel.getJSONObject("result").getBoolean("was_running"));
        t.join(5000);
        JSONObject error = injectResponse.get().getJSONObject("error");
        assertEquals("CANCELLED", error.getString("code"));
        assertEquals(1, error.getJSONObject("details").getInt("dispatched"));
        JSONObject late = evaluator.handle(request("{\"id\":\"i2\",\"operation_id\":\"op-7\",\"op\":\"inject\",\"events\":"
                + TAP + "}"));
        assertEquals("CANCELLED", late.getJSONObject("error").getString("code"));
    }

    @Test
    public void scrollWaitsUntilTheContentSettlesAndScrollsOnce() throws Exception {
        final DeviceState state = playerState();
        final int[] reads = {0};
        ModelDevice moving = new ModelDevice(state) {
            @Override
            public Tracked reread(DeviceState s, int index) {
                // The seek bar's text changes on the first three reads after the scroll (0, 50, 100 ms), then holds.
                if (++reads[0] <= 3) {
                    s.nodes.get(index).text = "moving " + reads[0];
                }
                return new Tracked(s, index);
            }
        };
        Evaluator evaluator = new Evaluator(moving, Collections.<String>emptyList());
        JSONObject response = evaluator.handle(request("{\"id\":\"s1\",\"operation_id\":\"op-1\",\"op\":\"scroll\","
                + "\"selector\":{\"resource_id\":\"com.example.player:id/seek\"},\"direction\":\"forward\","
                + "\"settle_ms\":200,\"timeout_ms\":5000}"));
        assertTrue(response.toString(), response.getBoolean("ok"));
        assertTrue(response.getJSONObject("result").getBoolean("content_changed"));
        assertEquals(1, moving.performed);
        assertTrue("settled for 200 ms after the last change", moving.uptimeMs() - state.uptimeMs >= 100 + 200);
    }

    @Test
    public void scrollThatNeverSettlesTimesOutWithoutScrollingAgain() throws Exception {
        final int[] reads = {0};
        ModelDevice restless = new ModelDevice(playerState()) {
            @Override
            public Tracked reread(DeviceState s, int index) {
                s.nodes.get(index).text = "tick " + (++reads[0]);
                return new Tracked(s, index);
            }
        };
        Evaluator evaluator = new Evaluator(restless, Collections.<String>emptyList());
        JSONObject response = evaluator.handle(request("{\"id\":\"s1\",\"operation_id\":\"op-1\",\"op\":\"scroll\","
                + "\"selector\":{\"resource_id\":\"com.example.player:id/seek\"},\"direction\":\"forward\","
                + "\"settle_ms\":200,\"timeout_ms\":1000}"));
        JSONObject error = response.getJSONObject("error");
        assertEquals("TIMEOUT", error.getString("code"));
        assertTrue(error.getJSONObject("details").getBoolean("performed"));
        assertEquals(1, restless.performed);
    }

    @Test
    public void aControlGoneAfterItsActionIsReadFailedButPerformed() throws Exception {
        ModelDevice closing = new ModelDevice(playerState()) {
            @Override
            public Tracked reread(DeviceState s, int index) {
                return new Tracked(s, -1); // the click closed the screen
            }
        };
        JSONObject response = new Evaluator(closing, Collections.<String>emptyList()).handle(request("{\"id\":\"a\","
                + "\"operation_id\":\"op-1\",\"op\":\"control_action\",\"selector\":{\"resource_id\":"
                + "\"com.example.player:id/play\"},\"action\":\"click\"}"));
        JSONObject error = response.getJSONObject("error");
        assertEquals("READ_FAILED", error.getString("code"));
        assertTrue(error.getJSONObject("details").getBoolean("performed"));
        assertEquals(1, closing.performed);
    }

    @Test
    public void nonObjectRequestIsInvalidWithNullIds() throws Exception {
        JSONObject response = new Evaluator(new ModelDevice(playerState()), Collections.<String>emptyList())
                .handle(new JSONArray("[1]"));
        assertFalse(response.getBoolean("ok"));
        assertTrue(response.isNull("id"));
        assertEquals("INVALID_ARGUMENT", response.getJSONObject("error").getString("code"));
    }

    private static JSONObject details(int dispatched) {
        try {
            return new JSONObject().put("dispatched", dispatched);
        } catch (org.json.JSONException e) {
            throw new AssertionError(e);
        }
    }
}
