// Typing on the mirror: with the Control tool current, a tap on one of the device's text fields gives the stage
// keyboard focus, and then key presses go to the device (typing-keys.ts) instead of the console's shortcuts, and
// Ctrl+V pastes the computer's clipboard into the focused field. Each is a canonical call (input_text, press_key,
// tactile.key, tactile.paste: shared/actions/tactile/operator-calls.ts) sent by the one send path, so it has a
// receipt, is recorded and can be added as a step. Text typed quickly is sent in order, one call at a time,
// merged while a call is in flight.
import { useEffect, type RefObject } from 'react';
import { operatorCall, type OperatorInput, type ToolEnvelope } from '../../../shared/actions';
import { succeeded, type Receipt } from '../../../shared/receipts';
import { useStore } from '../../app/store';
import { sendAction } from '../manual-control/send-action';
import { typingAction } from './typing-keys';

type Typed = Extract<OperatorInput, { kind: 'text' | 'key' | 'paste' }>;

/** The operator's own tap may still hold the device lock for a moment: keys wait for it (up to this long) instead of being dropped. */
const BUSY_WAIT_MS = 3000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Sends once the console's own calls are done; a refusal for a busy device (nothing sent) is tried again until BUSY_WAIT_MS. */
async function sendWhenFree(envelope: ToolEnvelope): Promise<Receipt | null> {
  const until = Date.now() + BUSY_WAIT_MS;
  for (;;) {
    while (useStore.getState().inFlight > 0 && Date.now() < until) await sleep(20);
    const receipt = await sendAction(envelope, { observeInBackground: true });
    if (receipt?.status !== 'not_started' || receipt.code !== 'DEVICE_BUSY' || Date.now() > until) return receipt;
    await sleep(50);
  }
}

function sender() {
  const queue: Typed[] = [];
  let busy = false;
  const run = async () => {
    if (busy) return;
    busy = true;
    try {
      while (queue.length > 0) {
        let next = queue.shift()!;
        // Characters that queued up meanwhile go in one call.
        if (next.kind === 'text') {
          let text = next.text;
          while (queue[0]?.kind === 'text') text += (queue.shift() as { text: string }).text;
          next = { kind: 'text', text };
        }
        const receipt = await sendWhenFree(operatorCall(next));
        // Refused or failed: what was typed after it would land in the wrong place. sendAction said why.
        if (receipt !== null && !succeeded(receipt)) queue.length = 0;
      }
    } finally {
      busy = false;
    }
  };
  return (a: Typed) => {
    queue.push(a);
    void run();
  };
}

export function useMirrorTyping(box: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.tabIndex = 0;
    // Engaged by a Control-tool tap on a text field of the device, released by a tap elsewhere, another tool or
    // leaving the stage: the console's letter, digit and Delete shortcuts keep working everywhere else.
    let engaged = false;
    const active = () => engaged && useStore.getState().toolId === 'control' && useStore.getState().selectedSerial !== null;
    const onTextField = () => {
      const s = useStore.getState();
      const node = s.hovered >= 0 ? s.observation?.nodes[s.hovered] : undefined;
      return node !== undefined && /EditText|TextInput|AutoComplete/i.test(node.class_name);
    };
    const send = sender();
    const onPointerDown = () => {
      engaged = useStore.getState().toolId === 'control' && onTextField();
      if (engaged) el.focus({ preventScroll: true });
    };
    const onBlur = () => {
      engaged = false;
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (!active()) return;
      const a = typingAction(e);
      if (a === null) return;
      // The device gets it; the console's shortcuts (tools, stage, undo) do not.
      e.stopPropagation();
      if (a.kind === 'paste') {
        // The paste event carries the text where the browser sends one; where it does not (a focused element
        // that is not editable, headless), the async clipboard API is asked instead.
        pasteWanted = true;
        setTimeout(() => {
          if (!pasteWanted) return;
          pasteWanted = false;
          void navigator.clipboard?.readText().then((text) => text !== '' && send({ kind: 'paste', text }), () => {
            useStore.getState().setControlMessage({ kind: 'error', text: 'Ctrl+V: this window may not read the clipboard; use Paste into device in the Keys tab' });
          });
        }, 100);
        return;
      }
      e.preventDefault();
      send(a);
    };
    let pasteWanted = false;
    // Chromium fires paste at the document when the focused element is not editable.
    const onPaste = (e: ClipboardEvent) => {
      if (!active() || document.activeElement !== el) return;
      const text = e.clipboardData?.getData('text/plain') ?? '';
      e.preventDefault();
      // An empty paste event (headless, some platforms) leaves the clipboard API fallback to answer.
      if (text === '') return;
      pasteWanted = false;
      send({ kind: 'paste', text });
    };
    el.addEventListener('pointerdown', onPointerDown);
    el.addEventListener('blur', onBlur);
    el.addEventListener('keydown', onKeyDown);
    document.addEventListener('paste', onPaste);
    return () => {
      el.removeEventListener('pointerdown', onPointerDown);
      el.removeEventListener('blur', onBlur);
      el.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('paste', onPaste);
    };
  }, [box]);
}
