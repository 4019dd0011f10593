package com.tactile.helper.core;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

import java.util.Arrays;

import org.junit.Test;

/** The connection's service info (null answers retried) and fresh reads on both sides of API 34. */
public class AccessibilitySetupTest {
    @Test
    public void belowApi34AFreshReadResetsTheServiceInfoWhichClearsTheCache() {
        FakeAutomation automation = new FakeAutomation();
        AccessibilitySetup.beforeFreshRead(33, automation);
        assertEquals(Arrays.asList("getServiceInfo", "setServiceInfo"), automation.calls);
        AccessibilitySetup.beforeFreshRead(21, automation);
        assertEquals(4, automation.calls.size());
    }

    @Test
    public void fromApi34AFreshReadClearsTheCacheOnly() {
        FakeAutomation automation = new FakeAutomation();
        AccessibilitySetup.beforeFreshRead(34, automation);
        AccessibilitySetup.beforeFreshRead(35, automation);
        assertEquals(Arrays.asList("clearCache", "clearCache"), automation.calls);
    }

    @Test
    public void aNullServiceInfoOnAFreshReadSetsNothing() {
        FakeAutomation automation = new FakeAutomation();
        automation.nullAnswers = 1;
        AccessibilitySetup.beforeFreshRead(30, automation);
        assertEquals(Arrays.asList("getServiceInfo"), automation.calls);
    }

    @Test
    public void aLostConnectionIsNotSwallowedByTheFreshRead() {
        FakeAutomation automation = new FakeAutomation();
        automation.lost = true;
        try {
            AccessibilitySetup.beforeFreshRead(30, automation);
            fail("a lost connection must surface");
        } catch (IllegalStateException e) {
            assertTrue(HelperFatal.isUiAutomationLoss(e));
            assertEquals(ExitCodes.UIAUTOMATION_LOST, HelperFatal.of(e).exitCode);
        }
    }

    @Test
    public void nullServiceInfoIsRetriedUntilItArrives() throws Exception {
        FakeAutomation automation = new FakeAutomation();
        automation.nullAnswers = 2;
        FakeClock clock = new FakeClock(0);
        AccessibilitySetup.configure(automation, clock);
        assertEquals(Arrays.asList("getServiceInfo", "getServiceInfo", "getServiceInfo", "setServiceInfo", "getWindows"),
                automation.calls);
        assertTrue("the interactive-windows flags were requested", automation.info.windowsAndIds);
        assertEquals(Arrays.asList(AccessibilitySetup.SERVICE_INFO_RETRY_MS, AccessibilitySetup.SERVICE_INFO_RETRY_MS),
                clock.sleeps);
    }

    @Test
    public void serviceInfoStillNullAfterTheRetriesIsExit3() throws Exception {
        FakeAutomation automation = new FakeAutomation();
        automation.nullAnswers = Integer.MAX_VALUE;
        try {
            AccessibilitySetup.configure(automation, new FakeClock(0));
            fail("a helper without service info cannot list windows");
        } catch (AccessibilitySetup.Failure e) {
            assertEquals(ExitCodes.UIAUTOMATION_FAILED, e.exitCode);
            assertTrue(e.getMessage(), e.getMessage().contains("getServiceInfo() returned null"));
        }
        assertEquals(AccessibilitySetup.SERVICE_INFO_TRIES, automation.calls.size());
    }
}
