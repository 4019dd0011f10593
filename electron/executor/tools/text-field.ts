// Editing the focused field. With the helper: native set_text on the focused editable node (exact text,
// any characters). Without it: `input keyevent`/`input text` (keys the device's keymap can type).
import type { ControlSelector } from '../../../shared/actions';
import { fieldText } from '../../../shared/helper-protocol';
import { planContacts, type DispatchPlan } from '../../../shared/gesture';
import type { ExecContext } from '../context';
import { nativeRead, nativeWrite, sendStrokes } from '../dispatch';
import { outcome, refused, type Outcome } from '../outcome';
import { sendShell, shQuote } from '../shell-dispatch';
import { keyevent } from './press-key';

async function focusedEditable(ctx: ExecContext): Promise<{ selector: ControlSelector; text: string } | null> {
  const r = await nativeRead(ctx, 'observe', {});
  if (!r.ok) return null;
  const matches = r.result.nodes.filter((n) => n.flags.focused && n.flags.editable);
  if (matches.length !== 1) return null;
  const n = matches[0]!;
  return {
    selector: { resource_id: n.resource_id, text: null, content_desc: null, class_name: n.class_name, package_name: n.package_name, bounds: n.bounds_px },
    // An empty field on API 26+ reports its hint as text (showing_hint_text): its content is then ''.
    text: fieldText(n) ?? '',
  };
}

async function focusedTextLength(ctx: ExecContext): Promise<number | null> {
  const seen = await ctx.link.observe().catch(() => null);
  const focused = seen?.nodes.filter((n) => n.flags.focused) ?? [];
  return focused.length === 1 ? focused[0]!.text.length : null;
}

/** Replaces (or appends to) the focused field's text. */
export async function setFocusedText(ctx: ExecContext, text: string, replace: boolean): Promise<Outcome> {
  if (ctx.native) {
    const field = await focusedEditable(ctx);
    if (!field) return refused('NOT_FOUND', 'no single focused editable field');
    const w = await nativeWrite(ctx, 'control_action', {
      selector: field.selector, action: 'set_text', text: replace ? text : field.text + text, value: null,
      selection_start: null, selection_end: null, expected_token: null,
    });
    return w.answer.ok ? { ...outcome('completed'), control: w.answer.result.reading } : outcome(w.status, w.answer.code, w.answer.message);
  }
  if (replace) {
    // Without the helper: the focused field's length from uiautomator, then that many DELs from its end.
    const length = await focusedTextLength(ctx);
    if (length === null) return refused('NOT_FOUND', 'no single focused field to clear');
    const cleared = await keyevent(ctx, 'KEYCODE_MOVE_END', ...Array<string>(length).fill('KEYCODE_DEL'));
    if (cleared.status !== 'completed') return cleared;
  }
  if (text === '') return outcome('completed');
  const r = await sendShell(ctx, `input text ${shQuote(text.replace(/ /g, '%s'))}`);
  if (!r.ok) return { ...r.outcome, status: replace && r.outcome.status === 'not_started' ? 'partial' : r.outcome.status };
  return /Exception|Error/.test(r.output) ? outcome('partial', 'INTERNAL', r.output.trim().slice(0, 300)) : outcome('completed');
}

/** Lets the tap's focus change land before editing. */
const FOCUS_SETTLE_MS = 100;

/** Taps the planned point, then edits the field it focused; an edit refused after the tap leaves a `partial` receipt. */
export async function tapThenEdit(ctx: ExecContext, plan: DispatchPlan, text: string, replace: boolean): Promise<Outcome> {
  // One planned tap, sent as its one contact.
  const tap = await sendStrokes(ctx, planContacts(plan)[0]!);
  if (tap.status !== 'completed') return { ...tap, plan };
  await ctx.sleep(FOCUS_SETTLE_MS);
  const edited = await setFocusedText(ctx, text, replace);
  return { ...edited, status: edited.status === 'not_started' ? 'partial' : edited.status, plan, ...(tap.dispatch && { dispatch: tap.dispatch }) };
}
