package com.tactile.helper.core;

import java.nio.charset.Charset;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.List;

/**
 * The canonical JSON of shared/helper-protocol/identity.ts: arrays of null, booleans, integers and strings,
 * strings escaped exactly as ECMAScript JSON.stringify does, no whitespace, UTF-8, then SHA-256 hex.
 * Hand-written because org.json escapes differently ("/" and U+2028) and the hash must be byte-identical.
 */
public final class CanonicalJson {
    private static final Charset UTF8 = Charset.forName("UTF-8");
    private static final char[] HEX = "0123456789abcdef".toCharArray();
    /** Number.MAX_SAFE_INTEGER: larger integers would not print identically in ECMAScript. */
    private static final long MAX_SAFE = 9007199254740991L;

    private CanonicalJson() {}

    public static String encode(Object value) {
        StringBuilder out = new StringBuilder();
        append(out, value);
        return out.toString();
    }

    private static void append(StringBuilder out, Object value) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof Boolean) {
            out.append(((Boolean) value).booleanValue() ? "true" : "false");
        } else if (value instanceof Integer || value instanceof Long) {
            long n = ((Number) value).longValue();
            if (Math.abs(n) > MAX_SAFE) {
                throw new IllegalArgumentException("canonical JSON holds only safe integers, got " + n);
            }
            out.append(n);
        } else if (value instanceof String) {
            appendString(out, (String) value);
        } else if (value instanceof List) {
            out.append('[');
            boolean first = true;
            for (Object item : (List<?>) value) {
                if (!first) {
                    out.append(',');
                }
                first = false;
                append(out, item);
            }
            out.append(']');
        } else {
            throw new IllegalArgumentException("not canonical JSON: " + value.getClass().getName());
        }
    }

    /** JSON.stringify's QuoteJSONString, including \\uXXXX for lone surrogates (well-formed stringify). */
    private static void appendString(StringBuilder out, String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"': out.append("\\\""); break;
                case '\\': out.append("\\\\"); break;
                case '\b': out.append("\\b"); break;
                case '\f': out.append("\\f"); break;
                case '\n': out.append("\\n"); break;
                case '\r': out.append("\\r"); break;
                case '\t': out.append("\\t"); break;
                default:
                    if (c < 0x20) {
                        appendEscape(out, c);
                    } else if (Character.isHighSurrogate(c) && i + 1 < s.length() && Character.isLowSurrogate(s.charAt(i + 1))) {
                        out.append(c).append(s.charAt(i + 1));
                        i++;
                    } else if (Character.isSurrogate(c)) {
                        appendEscape(out, c);
                    } else {
                        out.append(c);
                    }
            }
        }
        out.append('"');
    }

    private static void appendEscape(StringBuilder out, char c) {
        out.append("\\u").append(HEX[(c >> 12) & 0xf]).append(HEX[(c >> 8) & 0xf])
                .append(HEX[(c >> 4) & 0xf]).append(HEX[c & 0xf]);
    }

    public static String sha256Hex(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(UTF8));
            char[] hex = new char[digest.length * 2];
            for (int i = 0; i < digest.length; i++) {
                hex[2 * i] = HEX[(digest[i] >> 4) & 0xf];
                hex[2 * i + 1] = HEX[digest[i] & 0xf];
            }
            return new String(hex);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is mandatory on every Java platform", e);
        }
    }
}
