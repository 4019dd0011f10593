package com.tactile.helper.core;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.fail;

import org.json.JSONObject;
import org.junit.Test;

/** JSON Pointer paths of refused requests, in zod's order (first problem in schema field order). */
public class RequestParserTest {
    private static final String HEAD = "\"id\":\"r1\",\"operation_id\":\"op\",";
    private static final String DOWN = "{\"t_ms\":0,\"action\":\"down\",\"action_index\":0,\"pointers\":[{\"id\":0,\"x\":1,\"y\":1}]}";

    @Test
    public void pathsNameTheFirstBadField() throws Exception {
        expectPath("{" + HEAD + "\"op\":\"read_control\"}", "/selector");
        expectPath("{\"operation_id\":\"op\",\"op\":\"observe\"}", "/id");
        expectPath("{" + HEAD + "\"op\":\"observe\",\"extra\":1}", "");
        expectPath("{" + HEAD + "\"op\":\"read_control\",\"selector\":{\"bounds\":[0,0,1.5,2]}}", "/selector/bounds/2");
        expectPath("{" + HEAD + "\"op\":\"read_control\",\"selector\":{\"resource_id\":\"\"}}", "/selector/resource_id");
        expectPath("{" + HEAD + "\"op\":\"control_action\",\"selector\":{\"text\":\"a\"},\"action\":\"tap\"}", "/action");
        expectPath("{" + HEAD + "\"op\":\"control_action\",\"selector\":{\"text\":\"a\"},\"action\":\"click\","
                + "\"expected_token\":\"ABC\"}", "/expected_token");
        expectPath("{" + HEAD + "\"op\":\"inject\",\"events\":[" + DOWN + "]}", "/events");
        expectPath("{" + HEAD + "\"op\":\"inject\",\"events\":[" + DOWN + "," + DOWN.replace("\"id\":0", "\"id\":10")
                + "]}", "/events/1/pointers/0/id");
        expectPath("{" + HEAD + "\"op\":\"scroll\",\"selector\":{\"text\":\"a\"},\"direction\":\"forward\","
                + "\"settle_ms\":100,\"timeout_ms\":30001}", "/timeout_ms");
    }

    @Test
    public void optionalFieldsDefaultToNullAndIntegralDoublesAreIntegers() throws Exception {
        Request r = RequestParser.parse(new JSONObject("{" + HEAD + "\"op\":\"control_action\",\"selector\":"
                + "{\"text\":\"\"},\"action\":\"set_selection\",\"selection_start\":1.0,\"selection_end\":3}"));
        assertEquals("", r.selector.text);
        assertNull(r.selector.resourceId);
        assertNull(r.value);
        assertEquals(Integer.valueOf(1), r.selectionStart);
    }

    private static void expectPath(String json, String path) throws Exception {
        try {
            RequestParser.parse(new JSONObject(json));
            fail("accepted " + json);
        } catch (Request.Refusal e) {
            assertEquals(json, "INVALID_ARGUMENT", e.code);
            assertEquals(json, path, e.path);
        }
    }
}
