package com.tactile.helper.core;

import static org.junit.Assert.fail;

import org.json.JSONArray;
import org.json.JSONObject;

import java.util.Iterator;
import java.util.Set;
import java.util.TreeSet;

/** Deep JSON equality as JSON means it (1 == 1.0, key order free); error messages marked "(not compared)". */
final class JsonAssert {
    static final String NOT_COMPARED = "(not compared)";

    private JsonAssert() {}

    static void assertJsonEquals(String where, Object expected, Object actual) {
        String problem = difference("", expected, actual);
        if (problem != null) {
            fail(where + ": " + problem + "\n expected: " + expected + "\n actual:   " + actual);
        }
    }

    private static String difference(String path, Object expected, Object actual) {
        if (NOT_COMPARED.equals(expected) && path.endsWith("/message")) {
            return null;
        }
        if (expected instanceof JSONObject) {
            if (!(actual instanceof JSONObject)) {
                return path + ": expected an object, got " + actual;
            }
            JSONObject e = (JSONObject) expected;
            JSONObject a = (JSONObject) actual;
            Set<String> keys = new TreeSet<String>();
            for (Iterator<String> it = e.keys(); it.hasNext();) {
                keys.add(it.next());
            }
            for (Iterator<String> it = a.keys(); it.hasNext();) {
                keys.add(it.next());
            }
            for (String k : keys) {
                if (!e.has(k) || !a.has(k)) {
                    return path + "/" + k + ": present on one side only";
                }
                String d = difference(path + "/" + k, e.opt(k), a.opt(k));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (expected instanceof JSONArray) {
            if (!(actual instanceof JSONArray) || ((JSONArray) actual).length() != ((JSONArray) expected).length()) {
                return path + ": expected array " + expected + ", got " + actual;
            }
            for (int i = 0; i < ((JSONArray) expected).length(); i++) {
                String d = difference(path + "/" + i, ((JSONArray) expected).opt(i), ((JSONArray) actual).opt(i));
                if (d != null) {
                    return d;
                }
            }
            return null;
        }
        if (expected instanceof Number) {
            boolean same = actual instanceof Number
                    && ((Number) expected).doubleValue() == ((Number) actual).doubleValue();
            return same ? null : path + ": expected " + expected + ", got " + actual;
        }
        return expected.equals(actual) ? null : path + ": expected " + expected + ", got " + actual;
    }
}
