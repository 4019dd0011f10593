package com.tactile.helper.core;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import org.junit.Test;

public class SmallPartsTest {
    @Test
    public void pointerDownAndUpCarryTheShiftedIndex() {
        int[] ids = {0, 1};
        int[] xy = {1, 2};
        assertEquals(0x0105, InjectPlan.androidAction(new Request.PointerEvent(5, "pointer_down", 1, ids, xy, xy)));
        assertEquals(0x0006, InjectPlan.androidAction(new Request.PointerEvent(5, "pointer_up", 0, ids, xy, xy)));
        assertEquals(InjectPlan.ACTION_MOVE, InjectPlan.androidAction(new Request.PointerEvent(5, "move", 0, ids, xy, xy)));
    }

    @Test
    public void launchAcceptsProtocol4AndASocketName() {
        assertEquals("tactile-helper", LaunchOptions.parse(new String[] {"4"}).socket);
        assertEquals("tactile-7", LaunchOptions.parse(new String[] {"4", "socket=tactile-7"}).socket);
    }

    @Test
    public void launchRefusesAnotherProtocolAndUnknownOptions() {
        expectRefusal(new String[] {"3"}, "protocol mismatch");
        expectRefusal(new String[] {}, "usage");
        expectRefusal(new String[] {"4", "verbose=1"}, "unknown");
        expectRefusal(new String[] {"4", "socket=a b"}, "malformed");
    }

    @Test
    public void capabilitiesFollowTheApiLevel() {
        assertTrue(Capabilities.forSdk(30).contains("action.ime_enter"));
        assertTrue(!Capabilities.forSdk(29).contains("action.ime_enter"));
        assertTrue(!Capabilities.forSdk(25).contains("inject.multi_pointer"));
        assertTrue(Capabilities.forSdk(20).isEmpty());
    }

    private static void expectRefusal(String[] args, String words) {
        try {
            LaunchOptions.parse(args);
            fail("expected a refusal mentioning " + words);
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(words));
        }
    }
}
