package com.tactile.helper.core;

import java.util.List;

/**
 * The reference model of a device (evaluate.ts referenceEffects / control-action.ts applyControlAction): a
 * fixed state, native actions change only what the model tracks, a fake clock that sleeping advances.
 */
class ModelDevice implements Device {
    private final DeviceState state;
    private long now;
    int performed;

    ModelDevice(DeviceState state) {
        this.state = state;
        this.now = state.uptimeMs;
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
        long[] times = new long[events.size()];
        for (int i = 0; i < times.length; i++) {
            times[i] = state.uptimeMs + events.get(i).tMs;
        }
        return new Injected(events.size(), state.uptimeMs, times);
    }

    @Override
    public long uptimeMs() {
        return now;
    }

    @Override
    public void sleep(long ms) {
        now += ms;
    }
}
