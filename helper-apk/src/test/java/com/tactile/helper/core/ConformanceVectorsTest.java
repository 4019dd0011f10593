package com.tactile.helper.core;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.Vector;

import org.json.JSONArray;
import org.json.JSONObject;
import org.junit.Test;
import org.junit.runner.RunWith;
import org.junit.runners.Parameterized;
import org.junit.runners.Parameterized.Parameters;

/**
 * The shared conformance vectors (../shared/helper-protocol/vectors/*.json, the files the TypeScript reference
 * and the virtual device pass), run against the pure core: evaluate vectors through the Evaluator over the
 * reference model device, frame vectors through FrameCodec, hello vectors through the capability table.
 */
@RunWith(Parameterized.class)
public class ConformanceVectorsTest {
    private final File file;

    public ConformanceVectorsTest(String name, File file) {
        this.file = file;
    }

    @Parameters(name = "{0}")
    public static Collection<Object[]> vectors() {
        File dir = new File(System.getProperty("vectors.dir", "../shared/helper-protocol/vectors"));
        File[] files = dir.listFiles();
        if (files == null || files.length == 0) {
            throw new IllegalStateException("no conformance vectors in " + dir.getAbsolutePath());
        }
        Arrays.sort(files);
        List<Object[]> out = new ArrayList<Object[]>();
        for (File f : files) {
            if (f.getName().endsWith(".json")) {
                out.add(new Object[] {f.getName().replace(".json", ""), f});
            }
        }
        return out;
    }

    @Test
    public void conforms() throws Exception {
        JSONObject vector = new JSONObject(new String(Files.readAllBytes(file.toPath()), StandardCharsets.UTF_8));
        String kind = vector.getString("kind");
        if (kind.equals("evaluate")) {
            evaluate(vector);
        } else if (kind.equals("frame_encode")) {
            assertEquals(vector.getString("bytes_hex"), hex(FrameCodec.encode(vector.getString("payload"))));
        } else if (kind.equals("frame_decode")) {
            frameDecode(vector);
        } else if (kind.equals("hello")) {
            hello(vector);
        } else if (kind.equals("canonical_hash")) {
            String text = CanonicalJson.encode(plain(vector.getJSONArray("value")));
            assertEquals(vector.getString("canonical_json"), text);
            assertEquals(vector.getString("sha256"), CanonicalJson.sha256Hex(text));
        } else {
            fail("unknown vector kind " + kind + ": the Java conformance test must learn it");
        }
    }

    private void evaluate(JSONObject vector) throws Exception {
        DeviceState state = DeviceState.fromJson(vector.getJSONObject("device_state"));
        ModelDevice device = new ModelDevice(state);
        Evaluator evaluator = new Evaluator(device, state.cancelledOperationIds, state.liveContact);
        JSONObject response = evaluator.handle(vector.get("request"));
        JsonAssert.assertJsonEquals(vector.getString("name"), vector.getJSONObject("expected_response"), response);
        JSONObject expected = vector.getJSONObject("expected_response");
        String op = vector.getJSONObject("request").optString("op");
        if (!expected.getBoolean("ok") && (op.equals("control_action") || op.equals("scroll"))) {
            assertEquals("a refused native action performs nothing", 0, device.performed);
        }
    }

    /** The stream decoder: messages in order, then the vector's error, a truncated tail, or a clean end. */
    private void frameDecode(JSONObject vector) throws Exception {
        JSONArray chunks = vector.getJSONArray("chunks_hex");
        Vector<InputStream> parts = new Vector<InputStream>();
        for (int i = 0; i < chunks.length(); i++) {
            parts.add(new ByteArrayInputStream(unhex(chunks.getString(i))));
        }
        InputStream in = new SequenceInputStream(parts.elements());
        JSONArray expected = vector.getJSONArray("expected_messages");
        List<Object> got = new ArrayList<Object>();
        String error = null;
        while (true) {
            try {
                JSONObject message = FrameCodec.read(in);
                if (message == null) {
                    break;
                }
                got.add(message);
            } catch (FrameCodec.FrameException e) {
                error = e.reason;
                break;
            }
        }
        JsonAssert.assertJsonEquals(vector.getString("name"), expected, new JSONArray(got));
        if (vector.has("expected_error")) {
            assertEquals(vector.getString("expected_error"), error);
        } else if (vector.optInt("expected_pending_bytes", 0) > 0) {
            assertEquals("a stream that ends with pending bytes is truncated", "truncated", error);
        } else {
            assertEquals(null, error);
        }
    }

    /** The host keeps the declared capabilities the SDK offers; this checks the Java table gives that list. */
    private void hello(JSONObject vector) throws Exception {
        JSONObject frame = vector.getJSONObject("frame");
        JSONObject expected = vector.getJSONObject("expected");
        boolean wellFormed = frame.has("sdk") && frame.has("protocol") && frame.has("capabilities");
        if (!expected.getBoolean("ok")) {
            assertTrue(!wellFormed || frame.getInt("protocol") != Hello.PROTOCOL);
            return;
        }
        assertEquals(Hello.PROTOCOL, frame.getInt("protocol"));
        Set<String> declared = new HashSet<String>(Json.strings(frame.getJSONArray("capabilities")));
        List<String> usable = new ArrayList<String>();
        for (String c : Capabilities.forSdk(frame.getInt("sdk"))) {
            if (declared.contains(c)) {
                usable.add(c);
            }
        }
        assertEquals(Json.strings(expected.getJSONArray("capabilities")), usable);
        // A Java helper on that SDK declares all it offers, a superset of what the host keeps.
        JSONObject ours = Hello.build(frame.getInt("sdk"), "test");
        assertTrue(new HashSet<String>(Json.strings(ours.getJSONArray("capabilities"))).containsAll(usable));
    }

    /** org.json values as the plain Java values CanonicalJson takes (arrays as lists, JSON null as null). */
    private static Object plain(Object v) {
        if (v instanceof JSONArray) {
            List<Object> out = new ArrayList<Object>();
            for (int i = 0; i < ((JSONArray) v).length(); i++) {
                out.add(plain(((JSONArray) v).opt(i)));
            }
            return out;
        }
        if (v instanceof Number && ((Number) v).doubleValue() == Math.rint(((Number) v).doubleValue())) {
            return ((Number) v).longValue(); // a non-integer stays a Double, which CanonicalJson refuses
        }
        return v == JSONObject.NULL ? null : v;
    }

    private static String hex(byte[] bytes) {
        StringBuilder sb = new StringBuilder();
        for (byte b : bytes) {
            sb.append(String.format("%02x", b & 0xff));
        }
        return sb.toString();
    }

    private static byte[] unhex(String hex) {
        byte[] out = new byte[hex.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }
}
