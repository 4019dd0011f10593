// Typing recorded as what it leaves in the field: consecutive edits of one focused field (typed text, a paste,
// Backspace, editing keys and their Ctrl commands) become ONE input_text that replaces the field's text
// (clear_exist, seed 000's replace) with what the field showed afterwards. Replayed twice, the field holds the
// same text both times; an append would double it.
import type { ToolEnvelope } from '../../../shared/actions';
import type { Observation } from '../../../shared/ipc';
import type { ObservedNode } from '../../../shared/observation';

/** Keys that edit or move within the focused field (press_key enter/tab submit or move focus: not typing). */
const EDITING_KEYS: ReadonlySet<string> = new Set([
  'del',
  'forward_del',
  'dpad_left',
  'dpad_right',
  'dpad_up',
  'dpad_down',
  'move_home',
  'move_end',
  'copy',
  'cut',
  'paste',
  'a',
  'c',
  'x',
]);

/** Whether the call edits the focused field's text where it is (no point to tap first). */
export function isTypingCall(e: ToolEnvelope): boolean {
  const a = e.args as Record<string, unknown>;
  switch (e.tool) {
    case 'input_text':
      return a.target === undefined || a.target === null;
    case 'tactile.paste':
    case 'erase_one_char':
      return true;
    case 'press_key':
      return a.key === 'delete';
    case 'tactile.key':
      return EDITING_KEYS.has(String(a.key));
    default:
      return false;
  }
}

/** The focused editable field the keys went to (never the status bar's), or null. */
export function focusedField(o: Observation | null): ObservedNode | null {
  return (
    o?.nodes.find(
      (n) =>
        n.flags.focused &&
        n.package_name !== 'com.android.systemui' &&
        /EditText|TextInput|AutoComplete/i.test(n.class_name),
    ) ?? null
  );
}

/** One field across observations: its resource id, else its place. */
export const fieldKey = (n: ObservedNode) => n.resource_id ?? `${n.class_name}@${n.bounds_px.join(',')}`;

const dropLast = (s: string) => [...s].slice(0, -1).join('');

/** The text an edit leaves, assuming the cursor at the end (the observation after corrects anything else). */
export function applyEdit(text: string, e: ToolEnvelope): string {
  const a = e.args as Record<string, unknown>;
  switch (e.tool) {
    case 'input_text':
      return a.clear_exist === true ? String(a.text) : text + String(a.text);
    case 'tactile.paste':
      return text + String(a.text);
    case 'erase_one_char':
    case 'press_key':
      return dropLast(text);
    case 'tactile.key':
      return a.key === 'del' ? dropLast(text) : text;
    default:
      return text;
  }
}

export interface TypingRun {
  /** The document step that holds the run's input_text. */
  stepId: string;
  field: string;
  password: boolean;
  /** What the field showed before the first edit (its hint, when empty, on Android 8+). */
  start: string;
  /** The text the step sets now. */
  text: string;
  /** The field's start text turned out to be its hint (the first edit's text replaced it): an empty field. */
  hint: string | null;
  corrected: boolean;
}

export function startRun(stepId: string, field: ObservedNode, first: ToolEnvelope): TypingRun {
  // A password field shows dots, never its content: it is taken as empty, and only what was typed counts.
  const start = field.flags.password ? '' : field.text;
  return {
    stepId,
    field: fieldKey(field),
    password: field.flags.password,
    start,
    text: applyEdit(start, first),
    hint: null,
    corrected: false,
  };
}

/** The run's text after another edit of its field. */
export function continueRun(run: TypingRun, e: ToolEnvelope): TypingRun {
  return { ...run, text: applyEdit(run.text, e) };
}

/**
 * The run's text as the field shows it in `o` (observed after the run's last edit). The first correction also
 * tells whether the start text was a hint: the field then shows the edits alone. An empty field shows its hint
 * again: that is the empty text.
 */
export function correctRun(run: TypingRun, o: Observation | null): TypingRun {
  const field = o?.nodes.find((n) => fieldKey(n) === run.field);
  if (!field || run.password) return run;
  const seen = field.text;
  let hint = run.hint;
  if (
    !run.corrected &&
    run.start !== '' &&
    !seen.startsWith(run.start) &&
    run.text.startsWith(run.start) &&
    seen === run.text.slice(run.start.length)
  )
    hint = run.start;
  return { ...run, hint, corrected: true, text: hint !== null && seen === hint ? '' : seen };
}

export const runEnvelope = (text: string): ToolEnvelope => ({
  tool: 'input_text',
  args: { text, target: null, clear_exist: true },
});
