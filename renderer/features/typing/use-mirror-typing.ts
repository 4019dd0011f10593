// Typing on the mirror: with the Control tool current, a tap on one of the device's text fields gives the stage
// keyboard focus, and then key presses go to the device (typing-keys.ts) instead of the console's shortcuts, and Ctrl+V pastes
// the computer's clipboard into the focused field (scrcpy SET_CLIPBOARD with paste). Text typed quickly is
// sent in order, one request at a time, merged while a request is in flight.
import { useEffect, type RefObject } from 'react';
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { typingAction, type TypingAction } from './typing-keys';

type Send = Exclude<TypingAction, null | { kind: 'paste' }> | { kind: 'paste'; text: string };

/** The operator's own tap may still hold the device lock for a moment: wait for it (up to 3 s) instead of dropping keys. */
async function whenFree<T>(request: () => Promise<T>): Promise<T> {
  const until = Date.now() + 3000;
  for (;;) {
    try {
      return await request();
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'DEVICE_BUSY' || Date.now() > until) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

function sender(serial: () => string | null) {
  const queue: Send[] = [];
  let busy = false;
  const run = async () => {
    if (busy) return;
    busy = true;
    try {
      while (queue.length > 0) {
        const next = queue.shift()!;
        const s = serial();
        if (!s) continue;
        if (next.kind === 'text') {
          // Characters that queued up meanwhile go in one INJECT_TEXT.
          let text = next.text;
          while (queue[0]?.kind === 'text') text += (queue.shift() as { text: string }).text;
          await whenFree(() => api().request('device.type', { serial: s, text }));
        } else if (next.kind === 'key') await whenFree(() => api().request('device.key', { serial: s, key: next.key, ctrl: next.ctrl, shift: next.shift }));
        else await whenFree(() => api().request('clipboard.set', { serial: s, text: next.text, paste: true }));
      }
    } catch (error) {
      queue.length = 0;
      useStore.getState().setControlMessage({ kind: 'error', text: `typing on the device failed: ${errorText(error)}` });
    } finally {
      busy = false;
    }
  };
  return (a: Send) => {
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
    const send = sender(() => useStore.getState().selectedSerial);
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
