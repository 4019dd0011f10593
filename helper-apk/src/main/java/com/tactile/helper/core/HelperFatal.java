package com.tactile.helper.core;

/**
 * A failure that makes the whole process useless, not just one request: the evaluator does not turn it into an
 * error answer, the session answers the request INTERNAL and ends the process with `exitCode`.
 */
public final class HelperFatal extends RuntimeException {
    private static final long serialVersionUID = 1L;
    public final int exitCode;

    public HelperFatal(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    /**
     * UiAutomation throws IllegalStateException "UiAutomation not connected!" (or "... not connected, ...") from
     * every call once its connection to the accessibility manager is gone; it never comes back.
     */
    public static boolean isUiAutomationLoss(Throwable t) {
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof IllegalStateException && String.valueOf(c.getMessage()).contains("not connected")) {
                return true;
            }
        }
        return false;
    }

    /** The fatal for `t` when it is a lost UiAutomation connection, else null. */
    public static HelperFatal of(Throwable t) {
        if (t instanceof HelperFatal) {
            return (HelperFatal) t;
        }
        if (isUiAutomationLoss(t)) {
            return new HelperFatal(ExitCodes.UIAUTOMATION_LOST, "the UiAutomation connection was lost: "
                    + t.getMessage(), t);
        }
        return null;
    }
}
