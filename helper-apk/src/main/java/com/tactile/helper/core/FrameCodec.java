package com.tactile.helper.core;

import org.json.JSONException;
import org.json.JSONObject;
import org.json.JSONTokener;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;

/**
 * The protocol's framing (shared/helper-protocol/frame-codec.ts): a u32 big-endian payload length, then that many
 * bytes of UTF-8 JSON holding one object. Hand-written: a length prefix over DataInputStream, no library frames
 * exactly this. A FrameException means the stream is desynchronised and must be closed.
 */
public final class FrameCodec {
    public static final int HEADER_BYTES = 4;
    /** Larger frames are refused, so a corrupt length cannot make the helper allocate gigabytes. */
    public static final int MAX_FRAME_BYTES = 16 * 1024 * 1024;
    private static final Charset UTF8 = Charset.forName("UTF-8");

    private FrameCodec() {}

    /** reason is one of too_large, empty, invalid_utf8, invalid_json, not_object, truncated (as the TS codec). */
    public static final class FrameException extends IOException {
        private static final long serialVersionUID = 1L;
        public final String reason;

        public FrameException(String reason, String message) {
            super(message);
            this.reason = reason;
        }
    }

    public static byte[] encode(String json) throws FrameException {
        byte[] body = json.getBytes(UTF8);
        if (body.length == 0) {
            throw new FrameException("empty", "a frame payload cannot be empty");
        }
        if (body.length > MAX_FRAME_BYTES) {
            throw new FrameException("too_large", "payload of " + body.length + " bytes exceeds " + MAX_FRAME_BYTES);
        }
        return ByteBuffer.allocate(HEADER_BYTES + body.length).putInt(body.length).put(body).array();
    }

    public static void write(OutputStream out, JSONObject message) throws IOException {
        out.write(encode(message.toString()));
        out.flush();
    }

    /** Reads one frame's payload text; null on a clean end of stream before a frame starts. */
    public static String readPayload(InputStream in) throws IOException {
        int first = in.read();
        if (first < 0) {
            return null;
        }
        DataInputStream data = new DataInputStream(in);
        long length;
        try {
            length = ((long) first << 24) | ((long) data.readUnsignedByte() << 16)
                    | ((long) data.readUnsignedByte() << 8) | data.readUnsignedByte();
        } catch (EOFException e) {
            throw new FrameException("truncated", "stream ended inside a frame header");
        }
        if (length > MAX_FRAME_BYTES) {
            throw new FrameException("too_large", "frame length " + length + " exceeds " + MAX_FRAME_BYTES);
        }
        if (length == 0) {
            throw new FrameException("empty", "a frame payload cannot be empty");
        }
        byte[] body = new byte[(int) length];
        try {
            data.readFully(body);
        } catch (EOFException e) {
            throw new FrameException("truncated", "stream ended inside a frame of " + length + " bytes");
        }
        return decodeUtf8(body);
    }

    /** Reads one frame as a JSON object; null on a clean end of stream. */
    public static JSONObject read(InputStream in) throws IOException {
        String text = readPayload(in);
        return text == null ? null : parseObject(text);
    }

    public static JSONObject parseObject(String text) throws FrameException {
        Object value;
        try {
            JSONTokener tokener = new JSONTokener(text);
            value = tokener.nextValue();
            // nextClean() skips whitespace and yields '\0' at the end (Android's more() counts whitespace).
            if (tokener.nextClean() != 0) {
                throw new FrameException("invalid_json", "frame payload has text after its JSON value");
            }
        } catch (JSONException e) {
            throw new FrameException("invalid_json", "frame payload is not valid JSON");
        }
        if (!(value instanceof JSONObject)) {
            throw new FrameException("not_object", "frame payload must be a JSON object");
        }
        return (JSONObject) value;
    }

    /** Strict decoding: malformed UTF-8 is an error, never silently replaced (as the TS decoder, fatal). */
    static String decodeUtf8(byte[] body) throws FrameException {
        try {
            return UTF8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            throw new FrameException("invalid_utf8", "frame payload is not valid UTF-8");
        }
    }
}
