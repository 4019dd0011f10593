package com.tactile.helper.android;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import android.view.InputEvent;

import com.tactile.helper.core.InjectPermission;

import org.junit.Test;

/**
 * The injector over a fake input manager (the same reflective call the device's InputManager gets): a vendor's
 * INJECT_EVENTS refusal becomes Denied with Android's message, any other exception a refused event, never a retry.
 * No InputEvent can be built off-device (its constructors are native), and the fake never looks at it.
 */
public class InputInjectorTest {
    static final String MIUI = "Injecting to another application requires INJECT_EVENTS permission";

    /** Stands for android.hardware.input.InputManager: answers `result`, or throws `failure`. */
    public static final class FakeInputManager {
        RuntimeException failure;
        boolean result = true;
        int calls;
        int lastMode = -1;

        public boolean injectInputEvent(InputEvent event, int mode) {
            calls++;
            lastMode = mode;
            if (failure != null) {
                throw failure;
            }
            return result;
        }
    }

    private static InputInjector over(FakeInputManager manager) throws Exception {
        return new InputInjector(manager, FakeInputManager.class.getMethod("injectInputEvent", InputEvent.class,
                int.class), null);
    }

    @Test
    public void anAcceptedEventIsInjectedAsynchronouslyOnce() throws Exception {
        FakeInputManager manager = new FakeInputManager();
        assertTrue(over(manager).inject(null));
        assertEquals(1, manager.calls);
        assertEquals("INJECT_INPUT_EVENT_MODE_ASYNC", 0, manager.lastMode);
    }

    @Test
    public void theInjectEventsRefusalIsDeniedWithAndroidsMessage() throws Exception {
        FakeInputManager manager = new FakeInputManager();
        manager.failure = new SecurityException(MIUI);
        try {
            over(manager).inject(null);
            fail("the refusal must be told apart");
        } catch (InjectPermission.Denied denied) {
            assertEquals(MIUI, denied.getMessage());
            assertTrue(denied.getCause() instanceof SecurityException);
        }
        assertEquals("never sent again another way", 1, manager.calls);
    }

    @Test
    public void anyOtherFailureIsARefusedEventNotADenial() throws Exception {
        FakeInputManager manager = new FakeInputManager();
        manager.failure = new IllegalArgumentException("bad pointer count");
        assertFalse(over(manager).inject(null));
        manager.failure = null;
        manager.result = false;
        assertFalse(over(manager).inject(null));
        assertEquals(2, manager.calls);
    }
}
