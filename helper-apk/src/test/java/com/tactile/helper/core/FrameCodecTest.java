package com.tactile.helper.core;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.fail;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;

import org.json.JSONObject;
import org.junit.Test;

public class FrameCodecTest {
    private static final byte[] GOLDEN_A1 = {0, 0, 0, 7, '{', '"', 'a', '"', ':', '1', '}'};

    @Test
    public void encodesBigEndianLengthThenUtf8() throws Exception {
        assertArrayEquals(GOLDEN_A1, FrameCodec.encode("{\"a\":1}"));
        byte[] frame = FrameCodec.encode("{\"t\":\"中\"}");
        assertEquals(4 + 11, frame.length);
        assertEquals(11, frame[3]);
    }

    @Test
    public void readsConsecutiveFramesThenNullAtCleanEnd() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        FrameCodec.write(out, new JSONObject().put("op", "observe"));
        out.write(GOLDEN_A1);
        ByteArrayInputStream in = new ByteArrayInputStream(out.toByteArray());
        assertEquals("observe", FrameCodec.read(in).getString("op"));
        assertEquals(1, FrameCodec.read(in).getInt("a"));
        assertNull(FrameCodec.read(in));
    }

    @Test
    public void refusesBrokenStreamsWithTheTsReasons() {
        expectReason("too_large", new byte[] {0x01, 0x00, 0x00, 0x01});
        expectReason("empty", new byte[] {0, 0, 0, 0});
        expectReason("truncated", new byte[] {0, 0, 0, 5, '{', '}'});
        expectReason("truncated", new byte[] {0, 0});
        expectReason("invalid_utf8", new byte[] {0, 0, 0, 2, (byte) 0xc3, (byte) 0x28});
        expectReason("invalid_json", frame("{\"a\":"));
        expectReason("invalid_json", frame("{} {}"));
        expectReason("not_object", frame("[1]"));
    }

    @Test
    public void acceptsTrailingWhitespace() throws Exception {
        assertEquals(2, FrameCodec.read(new ByteArrayInputStream(frame("{\"b\":2}\n "))).getInt("b"));
    }

    private static byte[] frame(String text) {
        byte[] body = text.getBytes(StandardCharsets.UTF_8);
        byte[] out = new byte[body.length + 4];
        out[3] = (byte) body.length;
        System.arraycopy(body, 0, out, 4, body.length);
        return out;
    }

    private static void expectReason(String reason, byte[] bytes) {
        try {
            FrameCodec.read(new ByteArrayInputStream(bytes));
            fail("expected " + reason);
        } catch (FrameCodec.FrameException e) {
            assertEquals(reason, e.reason);
        } catch (IOException e) {
            fail("expected FrameException " + reason + ", got " + e);
        }
    }
}
