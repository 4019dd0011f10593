package com.tactile.helper.core;

import java.util.List;

/** One validated host request (requests.ts); fields an op does not use stay null. */
public final class Request {
    public String id;
    public String operationId;
    public String op;
    public Selector selector;
    /** control_action's action, or scroll_<direction> for scroll. */
    public String action;
    public Double value;
    public String text;
    public Integer selectionStart;
    public Integer selectionEnd;
    public String expectedToken;
    public String direction;
    public int settleMs;
    public int timeoutMs;
    public List<PointerEvent> events;
    /** touch's one event (tMs 0): injected now, on the connection's live contact. */
    public PointerEvent touch;
    public String targetOperationId;

    /** One planned MotionEvent: t_ms from the gesture start, actionIndex names the pointer going down/up. */
    public static final class PointerEvent {
        public final int tMs;
        public final String action;
        public final int actionIndex;
        public final int[] ids;
        public final int[] xs;
        public final int[] ys;

        public PointerEvent(int tMs, String action, int actionIndex, int[] ids, int[] xs, int[] ys) {
            this.tMs = tMs;
            this.action = action;
            this.actionIndex = actionIndex;
            this.ids = ids;
            this.xs = xs;
            this.ys = ys;
        }
    }

    /** A request refused before it ran: code, JSON Pointer path and message. */
    public static final class Refusal extends Exception {
        private static final long serialVersionUID = 1L;
        public final String code;
        public final String path;

        public Refusal(String code, String path, String message) {
            super(message);
            this.code = code;
            this.path = path;
        }
    }
}
