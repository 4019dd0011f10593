// Every manual action goes the same way: prepared ONCE with shared/prepare against the device's screen and
// capabilities (the same prepareCall main runs before dispatch), refused locally with its code when invalid,
// otherwise sent to the executor through the contract; the receipt (or the local refusal) lands in the receipts
// panel and the node tree is observed again. While recording, the call is appended to the document as sent
// (recorder/session.ts). The receipt is returned (null when refused locally, failed, or sent to a group) for
// callers that show it, such as the calibrated-drag builder.
// A caller that already prepared the call for its preview (a document step's check, the calibrated builder's
// evaluation) hands that preparation to sendPrepared, so the call sent is the one the preview showed and it is
// not prepared again here; sendAction is prepareSend + sendPrepared for everything else.
import type { ScreenSize } from '../../../shared/geometry';
import { prepareCall, type Prepared } from '../../../shared/prepare';
import { api, errorText } from '../../app/api';
import { currentCapabilities, currentScreen } from '../../app/selectors';
import { useStore } from '../../app/store';
import { observeWhenSettled } from '../node-tree/observe';
import { newOperationId, trackOperation } from '../cancel/operations';
import { afterSend, beforeSend } from '../recorder/session';
import { groupControlActive, sendToGroup } from '../group/group-send';
import type { Receipt } from '../../../shared/receipts';
import type { Envelope } from './envelopes';

/** A call prepared for one device: what is shown before sending is exactly what sendPrepared sends. */
export interface PreparedSend {
  serial: string;
  screen: ScreenSize;
  envelope: Envelope;
  prepared: Prepared;
}

/** The device a call is for: the selected one unless a grid tile names another. */
export interface SendTarget {
  serial: string;
  screen: ScreenSize;
  capabilities: readonly string[] | null;
}

function selectedTarget(): SendTarget | null {
  const s = useStore.getState();
  const screen = currentScreen(s);
  return s.selectedSerial && screen ? { serial: s.selectedSerial, screen, capabilities: currentCapabilities(s) } : null;
}

/** The one prepare step of a send (null: no device to send to, and the operator is told). */
export function prepareSend(envelope: Envelope, target: SendTarget | null = selectedTarget()): PreparedSend | null {
  if (!target) {
    useStore.getState().setControlMessage({ kind: 'error', text: 'Select an online device first.' });
    return null;
  }
  return {
    serial: target.serial,
    screen: target.screen,
    envelope,
    prepared: prepareCall(envelope, target.screen, target.capabilities),
  };
}

/**
 * A preparation made for a preview, when it still holds for the selected device (same screen; capabilities
 * are re-read on every revalidation); null when it is stale and the call must be prepared again.
 */
export function previewedSend(envelope: Envelope, prepared: Prepared, screen: ScreenSize | null): PreparedSend | null {
  const target = selectedTarget();
  if (!target || !screen || screen.width !== target.screen.width || screen.height !== target.screen.height) return null;
  return { serial: target.serial, screen: target.screen, envelope, prepared };
}

export interface SendOptions {
  /**
   * Resolve once the receipt is in, and observe the screen in the background (typing on the mirror: the next
   * keys go out without waiting for the picture to settle). Default: resolve after the settled observation.
   */
  observeInBackground?: boolean;
}

/**
 * Resolves to the executor's receipt, or null when nothing reached the executor (refused here, or failed) or
 * the action went to a group (one receipt per device, in the receipts panel).
 */
export async function sendAction(envelope: Envelope, options: SendOptions = {}): Promise<Receipt | null> {
  // Group control on: the action goes to every ticked device instead (group/group-send.ts), restated in
  // normalized coordinates and prepared by main for each device.
  if (groupControlActive()) {
    await sendToGroup(envelope);
    return null;
  }
  const p = prepareSend(envelope);
  return p ? sendPrepared(p, options) : null;
}

/**
 * Sends a prepared call as prepared (a refused one leaves its refusal, nothing is sent). With group control on
 * it goes to the group instead, unless `group` is false (a grid tile's tap on a device outside the group).
 */
export async function sendPrepared(
  p: PreparedSend,
  { group = true, ...options }: SendOptions & { group?: boolean } = {},
): Promise<Receipt | null> {
  if (group && groupControlActive()) {
    await sendToGroup(p.envelope);
    return null;
  }
  const state = useStore.getState();
  const { serial, envelope, prepared } = p;
  // Only the device in view records and offers "+ Step" (a grid tile's tap on another device does not).
  const inView = serial === state.selectedSerial;
  if (inView) state.setLastManualCall(envelope);
  if (!prepared.ok) {
    const e = prepared.issues[0]!;
    state.setControlMessage({
      kind: 'error',
      text: `${envelope.tool} refused before sending — ${e.code} at ${e.path || '/'}: ${e.message}`,
    });
    // Nothing was sent, so main writes no receipt: the panel still shows the refusal with its code.
    state.addRefusal({ serial, envelope, errors: prepared.issues });
    return null;
  }
  state.setInFlight(1);
  state.setControlMessage({ kind: 'info', text: `${envelope.tool} sent…` });
  let result: Receipt | null = null;
  try {
    const snapshot = inView ? await beforeSend() : null;
    const operationId = newOperationId();
    const request = { serial, envelope, ...(operationId !== undefined && { operation_id: operationId }) };
    const { receipt } = await trackOperation(operationId, () => api().request('device.execute', request));
    useStore.getState().addReceipt(receipt);
    if (inView) afterSend(envelope, receipt, snapshot);
    result = receipt;
    const text = `${receipt.tool}: ${receipt.status}${receipt.code ? ` (${receipt.code}${receipt.message ? `: ${receipt.message}` : ''})` : ''} in ${receipt.duration_ms} ms`;
    useStore.getState().setControlMessage({ kind: receipt.code ? 'error' : 'info', text });
  } catch (error) {
    useStore.getState().setControlMessage({ kind: 'error', text: `${envelope.tool} failed: ${errorText(error)}` });
  } finally {
    useStore.getState().setInFlight(-1);
  }
  if (inView) {
    const observed = observeWhenSettled();
    if (!options.observeInBackground) await observed;
  }
  return result;
}
