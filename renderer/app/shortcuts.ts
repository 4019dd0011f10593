// Which key presses are the console's shortcuts. Only an element that takes typed text swallows the plain
// letter shortcuts (I, C, …) and the undo keys: a focused checkbox, radio, range or button does not, so
// clicking a filter checkbox leaves I / C working.

/** The parts of a DOM element this needs (structural, so it is testable without a DOM). */
export interface KeyTarget {
  tagName?: string;
  type?: string;
  isContentEditable?: boolean;
  readOnly?: boolean;
}

/** `<input type=…>` kinds that take typed text. */
const TEXT_INPUT_TYPES: ReadonlySet<string> = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

export function isTextEntry(target: EventTarget | KeyTarget | null): boolean {
  if (target === null || typeof target !== 'object') return false;
  const t = target as KeyTarget;
  if (t.isContentEditable === true) return true;
  const tag = typeof t.tagName === 'string' ? t.tagName.toUpperCase() : '';
  if (tag === 'TEXTAREA') return t.readOnly !== true;
  if (tag === 'SELECT') return true; // typing selects an option
  if (tag !== 'INPUT') return false;
  return TEXT_INPUT_TYPES.has((t.type ?? 'text').toLowerCase()) && t.readOnly !== true;
}

export interface KeyPress {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  target: EventTarget | KeyTarget | null;
}

/** A plain letter shortcut (no modifier, focus not in a text field): the key, lower-cased, or null. */
export function plainShortcut(e: KeyPress): string | null {
  if (e.altKey || e.ctrlKey || e.metaKey || isTextEntry(e.target)) return null;
  return e.key.length === 1 ? e.key.toLowerCase() : e.key;
}

/** Ctrl+Z (⌘Z) undo, Ctrl+Shift+Z or Ctrl+Y redo; a text field keeps its own undo. */
export function historyShortcut(e: KeyPress): 'undo' | 'redo' | null {
  if (!(e.ctrlKey || e.metaKey) || e.altKey || isTextEntry(e.target)) return null;
  const k = e.key.toLowerCase();
  if (k === 'z') return e.shiftKey ? 'redo' : 'undo';
  if (k === 'y' && !e.shiftKey) return 'redo';
  return null;
}
