package com.tactile.helper.core;

import java.util.ArrayList;
import java.util.List;

/**
 * The reference model of a device (evaluate.ts referenceEffects / control-action.ts applyControlAction): a
 * fixed state, native actions change only what the model tracks, a fake clock that sleeping advances. Inject
 * runs the helper's own PointerInjector on that clock, each injection taking 3 ms, so the vectors' event times
 * check what the Java helper reports.
 */
class ModelDevice implements Device {
    /** What one injectInputEvent call costs on the fake clock: reported times must not include it. */
    static final long INJECTION_COST_MS = 3;
    private final DeviceState state;
    final FakeClock clock;
    int performed;
    /** Live-contact events sent: {downTime, eventTime, MotionEvent action}. */
    final List<long[]> touches = new ArrayList<long[]>();

    ModelDevice(DeviceState state) {
        this.state = state;
        this.clock = new FakeClock(state.uptimeMs);
    }

    @Override
    public int sdk() {
        return state.sdk;
    }

    @Override
    public int[] displaySize() {
        return new int[] {state.displayWidth, state.displayHeight};
    }

    @Override
    public DeviceState snapshot() {
        return state;
    }

    @Override
    public void perform(DeviceState s, int index, Request req) {
        performed++;
        HelperNode node = s.nodes.get(index);
        if (req.action.equals("set_progress") && node.range != null) {
            node.range = new HelperNode.Range(node.range.type, node.range.min, node.range.max, req.value);
        } else if (req.action.equals("set_text")) {
            node.text = req.text;
            node.flags.showingHintText = false;
            if (node.selection != null) {
                node.selection = new int[] {req.text.length(), req.text.length()};
            }
        } else if (req.action.equals("set_selection")) {
            node.selection = new int[] {req.selectionStart, req.selectionEnd};
        } else if (req.action.equals("replace_selection")) {
            int cursor = node.selection[0] + req.text.length();
            node.text = ControlChecks.replaceSelection(node.fieldText(), node.selection[0], node.selection[1], req.text);
            node.flags.showingHintText = false;
            node.selection = new int[] {cursor, cursor};
        }
    }

    @Override
    public Tracked reread(DeviceState s, int index) {
        return new Tracked(s, index);
    }

    @Override
    public Injected inject(List<Request.PointerEvent> events, Cancellation cancellation) throws DeviceException {
        try {
            return new PointerInjector(new RecordingSink(clock, INJECTION_COST_MS, -1), clock).inject(events,
                    cancellation);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new DeviceException("CANCELLED", "interrupted");
        }
    }

    @Override
    public boolean sendTouch(long downTimeMs, long eventTimeMs, int action, Request.PointerEvent event) {
        touches.add(new long[] {downTimeMs, eventTimeMs, action});
        return true;
    }

    @Override
    public long uptimeMs() {
        return clock.uptimeMs();
    }

    @Override
    public void sleep(long ms) {
        clock.sleep(ms);
    }
}
