// Typing on the mirror: with the Control tool current, a tap on one of the device's text fields gives the stage
// keyboard focus, and then key presses go to the device (typing-keys.ts) instead of the console's shortcuts, and
// Ctrl+V pastes the computer's clipboard into the focused field. Each is a canonical call (input_text, press_key,
// tactile.key, tactile.paste: shared/actions/tactile/operator-calls.ts) sent by the one send path, so it has a
// receipt, is recorded and can be added as a step. Text typed quickly is sent in order, one call at a time,
// merged while a call is in flight (manual-control/input-queue.ts).
import { useEffect, type RefObject } from 'react';
import { operatorCall, type OperatorInput } from '../../../shared/actions';
import { useStore } from '../../app/store';
import { queueAction } from '../manual-control/input-queue';
import { typingAction } from './typing-keys';

const send = (input: Extract<OperatorInput, { kind: 'text' | 'key' | 'paste' }>) =>
  void queueAction(operatorCall(input), { typed: true });

export function useMirrorTyping(box: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.tabIndex = 0;
    // Engaged by a Control-tool tap on a text field of the device, released by a tap elsewhere, another tool or
    // leaving the stage: the console's letter, digit and Delete shortcuts keep working everywhere else.
    let engaged = false;
    const active = () =>
      engaged && useStore.getState().toolId === 'control' && useStore.getState().selectedSerial !== null;
    const onTextField = () => {
      const s = useStore.getState();
      const node = s.hovered >= 0 ? s.observation?.nodes[s.hovered] : undefined;
      return node !== undefined && /EditText|TextInput|AutoComplete/i.test(node.class_name);
    };
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
          void navigator.clipboard?.readText().then(
            (text) => text !== '' && send({ kind: 'paste', text }),
            () => {
              useStore.getState().setControlMessage({
                kind: 'error',
                text: 'Ctrl+V: this window may not read the clipboard; use Paste into device in the Keys tab',
              });
            },
          );
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
