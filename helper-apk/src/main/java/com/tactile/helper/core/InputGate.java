package com.tactile.helper.core;

import org.json.JSONException;
import org.json.JSONObject;

/**
 * Input from one operation at a time, whichever session sends it (PROTOCOL.md §4, check 4): an input op of
 * another operation while one runs is refused at once with DEVICE_BUSY naming the holder, nothing performed; one
 * of the same operation waits its turn. The host's device lock decides who may act; the gate keeps two hosts'
 * input from ever interleaving on the device (one injector per helper).
 */
public final class InputGate {
    private String owner;

    /** Takes the gate for `operationId`, or throws DEVICE_BUSY when another operation's input runs. */
    public synchronized void enter(String operationId) throws DeviceException, InterruptedException {
        while (owner != null) {
            if (!owner.equals(operationId)) {
                throw busy(owner);
            }
            wait();
        }
        owner = operationId;
    }

    /** Lets the next input in; called before the op's answer is sent. */
    public synchronized void leave() {
        owner = null;
        notifyAll();
    }

    private static DeviceException busy(String holder) {
        try {
            return new DeviceException("DEVICE_BUSY", "input of operation " + holder + " is running on this device",
                    new JSONObject().put("holder_operation_id", holder));
        } catch (JSONException e) {
            throw new IllegalStateException(e);
        }
    }
}
