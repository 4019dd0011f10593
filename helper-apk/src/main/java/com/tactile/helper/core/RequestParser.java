package com.tactile.helper.core;

import org.json.JSONArray;
import org.json.JSONObject;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Validates a raw request the way requests.ts's zod schemas do: fields in schema order, the first problem
 * wins (with its JSON Pointer), unknown keys refused after the known ones, nullable fields default to null.
 * Hand-written: no JSON-schema validator is both small enough to dex and free of reflection-heavy setup.
 */
public final class RequestParser {
    static final List<String> OPS = Arrays.asList("observe", "read_control", "probe", "visible_region",
            "control_action", "scroll", "inject", "touch", "cancel");
    static final List<String> CONTROL_ACTIONS = Arrays.asList("click", "long_click", "focus", "show_on_screen",
            "set_progress", "scroll_forward", "scroll_backward", "scroll_up", "scroll_down", "scroll_left",
            "scroll_right", "set_selection", "set_text", "ime_enter", "replace_selection");
    static final List<String> DIRECTIONS = Arrays.asList("forward", "backward", "up", "down", "left", "right");
    static final List<String> POINTER_ACTIONS = Arrays.asList("down", "pointer_down", "move", "pointer_up", "up");
    static final List<String> TOUCH_ACTIONS = Arrays.asList("down", "pointer_down", "move", "pointer_up", "up",
            "cancel");
    private static final List<String> SELECTOR_KEYS = Arrays.asList("resource_id", "text", "content_desc",
            "class_name", "package_name", "bounds");
    private static final Pattern TOKEN = Pattern.compile("^[a-f0-9]{64}$");
    private static final double MAX_SAFE = 9007199254740991.0;

    private RequestParser() {}

    public static Request parse(Object raw) throws Request.Refusal {
        if (!(raw instanceof JSONObject)) {
            throw invalid("", "a request must be a JSON object");
        }
        JSONObject o = (JSONObject) raw;
        // The discriminator first, as zod's discriminatedUnion picks the option by op before anything else.
        Object op = o.opt("op");
        if (!(op instanceof String) || !OPS.contains(op)) {
            throw invalid("/op", "op must be one of " + OPS);
        }
        Request r = new Request();
        r.op = (String) op;
        List<String> keys = new ArrayList<String>(Arrays.asList("id", "operation_id", "op"));
        r.id = string(o, "id", "/id", 1, 128, false);
        r.operationId = string(o, "operation_id", "/operation_id", 1, 128, false);
        if (r.op.equals("read_control") || r.op.equals("probe") || r.op.equals("visible_region")) {
            keys.add("selector");
            r.selector = selector(o.opt("selector"));
        } else if (r.op.equals("control_action")) {
            keys.addAll(Arrays.asList("selector", "action", "value", "text", "selection_start", "selection_end",
                    "expected_token"));
            r.selector = selector(o.opt("selector"));
            r.action = oneOf(o.opt("action"), "/action", CONTROL_ACTIONS);
            r.value = number(o, "value");
            r.text = string(o, "text", "/text", 0, 65536, true);
            r.selectionStart = integer(o, "selection_start", 0, Long.MAX_VALUE, true);
            r.selectionEnd = integer(o, "selection_end", 0, Long.MAX_VALUE, true);
            r.expectedToken = string(o, "expected_token", "/expected_token", 0, Integer.MAX_VALUE, true);
            if (r.expectedToken != null && !TOKEN.matcher(r.expectedToken).matches()) {
                throw invalid("/expected_token", "expected_token must be 64 lowercase hex digits");
            }
        } else if (r.op.equals("scroll")) {
            keys.addAll(Arrays.asList("selector", "direction", "settle_ms", "timeout_ms"));
            r.selector = selector(o.opt("selector"));
            r.direction = oneOf(o.opt("direction"), "/direction", DIRECTIONS);
            r.settleMs = integer(o, "settle_ms", 50, 3000, false);
            r.timeoutMs = integer(o, "timeout_ms", 1, 30000, false);
            r.action = "scroll_" + r.direction;
        } else if (r.op.equals("inject")) {
            keys.add("events");
            r.events = events(o.opt("events"));
        } else if (r.op.equals("touch")) {
            keys.addAll(Arrays.asList("action", "action_index", "pointers"));
            String action = oneOf(o.opt("action"), "/action", TOUCH_ACTIONS);
            int actionIndex = integer(o, "action_index", "/action_index", 0, (long) MAX_SAFE);
            r.touch = pointers(o.opt("pointers"), "", 0, action, actionIndex);
        } else if (r.op.equals("cancel")) {
            keys.add("target_operation_id");
            r.targetOperationId = string(o, "target_operation_id", "/target_operation_id", 1, 128, false);
        }
        unknownKeys(o, keys, "");
        return r;
    }

    private static Selector selector(Object raw) throws Request.Refusal {
        if (!(raw instanceof JSONObject)) {
            throw invalid("/selector", "selector must be an object");
        }
        JSONObject s = (JSONObject) raw;
        String resourceId = string(s, "resource_id", "/selector/resource_id", 1, 512, true);
        String text = string(s, "text", "/selector/text", 0, 4096, true);
        String contentDesc = string(s, "content_desc", "/selector/content_desc", 1, 512, true);
        String className = string(s, "class_name", "/selector/class_name", 1, 512, true);
        String packageName = string(s, "package_name", "/selector/package_name", 1, 512, true);
        int[] bounds = null;
        if (!s.isNull("bounds")) {
            Object b = s.opt("bounds");
            if (!(b instanceof JSONArray) || ((JSONArray) b).length() != 4) {
                throw invalid("/selector/bounds", "bounds must be [left, top, right, bottom]");
            }
            bounds = new int[4];
            for (int i = 0; i < 4; i++) {
                bounds[i] = (int) intValue(((JSONArray) b).opt(i), "/selector/bounds/" + i, Integer.MIN_VALUE,
                        Integer.MAX_VALUE);
            }
        }
        unknownKeys(s, SELECTOR_KEYS, "/selector");
        return new Selector(resourceId, text, contentDesc, className, packageName, bounds);
    }

    private static List<Request.PointerEvent> events(Object raw) throws Request.Refusal {
        if (!(raw instanceof JSONArray)) {
            throw invalid("/events", "events must be an array");
        }
        JSONArray a = (JSONArray) raw;
        if (a.length() < 2 || a.length() > 10000) {
            throw invalid("/events", "events needs 2 to 10000 entries");
        }
        List<Request.PointerEvent> out = new ArrayList<Request.PointerEvent>();
        for (int i = 0; i < a.length(); i++) {
            String at = "/events/" + i;
            Object e = a.opt(i);
            if (!(e instanceof JSONObject)) {
                throw invalid(at, "an event must be an object");
            }
            JSONObject ev = (JSONObject) e;
            int t = integer(ev, "t_ms", at + "/t_ms", 0, (long) MAX_SAFE);
            String action = oneOf(ev.opt("action"), at + "/action", POINTER_ACTIONS);
            int actionIndex = integer(ev, "action_index", at + "/action_index", 0, (long) MAX_SAFE);
            Request.PointerEvent parsed = pointers(ev.opt("pointers"), at, t, action, actionIndex);
            unknownKeys(ev, Arrays.asList("t_ms", "action", "action_index", "pointers"), at);
            out.add(parsed);
        }
        return out;
    }

    /** An event's `pointers` (1..5 of {id 0..9, x, y}) at `at` + "/pointers". */
    private static Request.PointerEvent pointers(Object p, String at, int t, String action, int actionIndex)
            throws Request.Refusal {
        if (!(p instanceof JSONArray) || ((JSONArray) p).length() < 1 || ((JSONArray) p).length() > 5) {
            throw invalid(at + "/pointers", "pointers needs 1 to 5 entries");
        }
        JSONArray pointers = (JSONArray) p;
        int n = pointers.length();
        int[] ids = new int[n];
        int[] xs = new int[n];
        int[] ys = new int[n];
        for (int k = 0; k < n; k++) {
            String pat = at + "/pointers/" + k;
            Object po = pointers.opt(k);
            if (!(po instanceof JSONObject)) {
                throw invalid(pat, "a pointer must be an object");
            }
            JSONObject pj = (JSONObject) po;
            ids[k] = integer(pj, "id", pat + "/id", 0, 9);
            xs[k] = integer(pj, "x", pat + "/x", Integer.MIN_VALUE, Integer.MAX_VALUE);
            ys[k] = integer(pj, "y", pat + "/y", Integer.MIN_VALUE, Integer.MAX_VALUE);
            unknownKeys(pj, Arrays.asList("id", "x", "y"), pat);
        }
        return new Request.PointerEvent(t, action, actionIndex, ids, xs, ys);
    }

    private static String string(JSONObject o, String key, String path, int min, int max, boolean nullable)
            throws Request.Refusal {
        if (nullable && o.isNull(key)) {
            return null;
        }
        Object v = o.opt(key);
        if (!(v instanceof String)) {
            throw invalid(path, key + " must be a string");
        }
        String s = (String) v;
        if (s.length() < min || s.length() > max) {
            throw invalid(path, key + " must have " + min + " to " + max + " characters");
        }
        return s;
    }

    private static String oneOf(Object v, String path, List<String> allowed) throws Request.Refusal {
        if (!(v instanceof String) || !allowed.contains(v)) {
            throw invalid(path, "must be one of " + allowed);
        }
        return (String) v;
    }

    private static Double number(JSONObject o, String key) throws Request.Refusal {
        if (o.isNull(key)) {
            return null;
        }
        Object v = o.opt(key);
        if (!(v instanceof Number) || Double.isNaN(((Number) v).doubleValue())
                || Double.isInfinite(((Number) v).doubleValue())) {
            throw invalid("/" + key, key + " must be a finite number");
        }
        return ((Number) v).doubleValue();
    }

    private static Integer integer(JSONObject o, String key, long min, long max, boolean nullable)
            throws Request.Refusal {
        if (nullable && o.isNull(key)) {
            return null;
        }
        return integer(o, key, "/" + key, min, max);
    }

    private static int integer(JSONObject o, String key, String path, long min, long max) throws Request.Refusal {
        long v = intValue(o.opt(key), path, min, max);
        if (v > Integer.MAX_VALUE) {
            throw invalid(path, key + " is too large");
        }
        return (int) v;
    }

    /** z.int(): a safe integer (1.0 counts, as JSON.parse makes it 1), then the bounds. */
    private static long intValue(Object v, String path, long min, long max) throws Request.Refusal {
        if (!(v instanceof Number)) {
            throw invalid(path, "must be an integer");
        }
        double d = ((Number) v).doubleValue();
        if (d != Math.rint(d) || Math.abs(d) > MAX_SAFE) {
            throw invalid(path, "must be an integer");
        }
        long n = (long) d;
        if (n < min || n > max) {
            throw invalid(path, "must be between " + min + " and " + max);
        }
        return n;
    }

    private static void unknownKeys(JSONObject o, List<String> known, String path) throws Request.Refusal {
        Set<String> allowed = new HashSet<String>(known);
        for (Iterator<String> it = o.keys(); it.hasNext();) {
            String k = it.next();
            if (!allowed.contains(k)) {
                throw invalid(path, "unrecognized key \"" + k + "\"");
            }
        }
    }

    private static Request.Refusal invalid(String path, String message) {
        return new Request.Refusal("INVALID_ARGUMENT", path, message);
    }
}
