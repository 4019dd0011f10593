// What a key press on the mirror sends to the device while the Control tool has focus: printable characters
// as text (input_text), editing and arrow keys as key events, Ctrl+A/C/X as key events with Ctrl (select all,
// copy, cut), Ctrl+V as a paste of the computer's clipboard (handled by the paste event). Their calls:
// shared/actions/tactile/operator-calls.ts.
import type { TypingKey } from '../../../shared/actions';

export type TypingAction =
  | { kind: 'text'; text: string }
  | { kind: 'key'; key: TypingKey; ctrl: boolean; shift: boolean }
  | { kind: 'paste' }
  | null;

const NAMED: Record<string, TypingKey> = {
  Enter: 'enter',
  Backspace: 'backspace',
  Delete: 'delete',
  ArrowLeft: 'left',
  ArrowRight: 'right',
  ArrowUp: 'up',
  ArrowDown: 'down',
  Tab: 'tab',
  Home: 'home',
  End: 'end',
};

export function typingAction(e: {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}): TypingAction {
  const ctrl = e.ctrlKey || e.metaKey;
  // Alt+… are the console's own shortcuts (Back, Home, Recents); Esc stays the console's (cancel, Stop).
  if (e.altKey || e.key === 'Escape') return null;
  const named = NAMED[e.key];
  if (named) return { kind: 'key', key: named, ctrl, shift: e.shiftKey };
  if (ctrl) {
    const k = e.key.toLowerCase();
    if (k === 'v') return { kind: 'paste' };
    if (k === 'a' || k === 'c' || k === 'x') return { kind: 'key', key: k, ctrl: true, shift: e.shiftKey };
    return null;
  }
  // One printable character (a grapheme may be two UTF-16 units): everything else (F5, Shift…) is not typing.
  return [...e.key].length === 1 ? { kind: 'text', text: e.key } : null;
}
