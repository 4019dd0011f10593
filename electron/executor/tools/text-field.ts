// Editing the focused field. Typing (no replace) while the console mirrors the device: scrcpy INJECT_TEXT, which
// inserts at the cursor as a keyboard does. With the helper: native set_text on the focused editable node (exact
// text, any characters). Without it: `input keyevent`/`input text` (keys the device's keymap can type).
import type { ControlSelector } from '../../../shared/actions';
import { keysForText, type TypedKey } from '../../../shared/android/keycodes';
import { fieldText } from '../../../shared/helper-protocol';
import { planContacts, type DispatchPlan } from '../../../shared/gesture';
import type { ExecContext } from '../context';
import { KEY_PRESS_EVENTS, mirrorControlOf, sendControl } from '../control-dispatch';
import { nativeRead, nativeWrite, sendStrokes, type Sent } from '../dispatch';
import { outcome, refused } from '../outcome';
import { shQuote } from '../../../shared/android/shell-quote';
import { sendShell } from '../shell-dispatch';
import { keyevent } from './press-key';

/** The KeyEvents typing `keys` injects: each key's down and up, and Shift's around a shifted one. */
const keyEvents = (keys: readonly TypedKey[]) => keys.reduce((n, k) => n + KEY_PRESS_EVENTS * (k.shift ? 2 : 1), 0);

async function focusedEditable(ctx: ExecContext): Promise<{ selector: ControlSelector; text: string } | null> {
  const r = await nativeRead(ctx, 'observe', {});
  if (!r.ok) return null;
  const matches = r.result.nodes.filter((n) => n.flags.focused && n.flags.editable);
  if (matches.length !== 1) return null;
  const n = matches[0]!;
  return {
    selector: {
      resource_id: n.resource_id,
      text: null,
      content_desc: null,
      class_name: n.class_name,
      package_name: n.package_name,
      bounds: n.bounds_px,
    },
    // An empty field on API 26+ reports its hint as text (showing_hint_text): its content is then ''.
    text: fieldText(n) ?? '',
  };
}

async function focusedTextLength(ctx: ExecContext): Promise<number | null> {
  const seen = await ctx.link.observe().catch(() => null);
  const focused = seen?.nodes.filter((n) => n.flags.focused) ?? [];
  return focused.length === 1 ? focused[0]!.text.length : null;
}

/** Replaces the focused field's text, or types `text` into it. */
export async function setFocusedText(ctx: ExecContext, text: string, replace: boolean): Promise<Sent> {
  // INJECT_TEXT only for characters the virtual keyboard map types: the device skips any other without a word
  // (Controller.injectText), so a receipt would claim text that never arrived.
  const control = replace || text === '' ? null : mirrorControlOf(ctx);
  const typed = control ? keysForText(text) : null;
  if (control && typed) return sendControl(ctx, control, keyEvents(typed), (c) => c.text(text));
  if (ctx.native) {
    const field = await focusedEditable(ctx);
    if (!field) return refused('NOT_FOUND', 'no single focused editable field');
    const w = await nativeWrite(ctx, 'control_action', {
      selector: field.selector,
      action: 'set_text',
      text: replace ? text : field.text + text,
      value: null,
      selection_start: null,
      selection_end: null,
      expected_token: null,
    });
    // One accessibility action (ACTION_SET_TEXT), no key events.
    const dispatch = { backend: 'helper' as const, events: 1, down_time_ms: null, event_times_ms: null };
    return w.answer.ok
      ? { ...outcome('completed'), control: w.answer.result.reading, dispatch }
      : { ...outcome(w.status, w.answer.code, w.answer.message), ...(w.status !== 'not_started' && { dispatch }) };
  }
  let cleared: Sent | null = null;
  if (replace) {
    // Without the helper: the focused field's length from uiautomator, then that many DELs from its end.
    const length = await focusedTextLength(ctx);
    if (length === null) return refused('NOT_FOUND', 'no single focused field to clear');
    cleared = await keyevent(ctx, 'MOVE_END', ...Array<string>(length).fill('DEL'));
    if (cleared.status !== 'completed') return cleared;
  }
  if (text === '') return cleared ?? outcome('completed');
  const r = await sendShell(ctx, `input text ${shQuote(text.replace(/ /g, '%s'))}`);
  const sent = cleared?.dispatch;
  if (!r.ok)
    return {
      ...r.outcome,
      status: replace && r.outcome.status === 'not_started' ? 'partial' : r.outcome.status,
      ...(sent && { dispatch: sent }),
    };
  if (/Exception|Error/.test(r.output))
    return { ...outcome('partial', 'INTERNAL', r.output.trim().slice(0, 300)), ...(sent && { dispatch: sent }) };
  const events = (sent?.events ?? 0) + keyEvents(keysForText(text) ?? []);
  return {
    ...outcome('completed'),
    dispatch: { backend: 'adb_input', events, down_time_ms: null, event_times_ms: null },
  };
}

/** Lets the tap's focus change land before editing. */
const FOCUS_SETTLE_MS = 100;

/** Taps the planned point, then edits the field it focused; an edit refused after the tap leaves a `partial` receipt. */
export async function tapThenEdit(ctx: ExecContext, plan: DispatchPlan, text: string, replace: boolean): Promise<Sent> {
  // One planned tap, sent as its one contact.
  const tap = await sendStrokes(ctx, planContacts(plan)[0]!);
  if (tap.status !== 'completed') return { ...tap, plan };
  await ctx.sleep(FOCUS_SETTLE_MS);
  const edited = await setFocusedText(ctx, text, replace);
  // One backend for both (the usual case): its events add up; else the tap's figures stay the receipt's.
  const both =
    tap.dispatch && edited.dispatch?.backend === tap.dispatch.backend
      ? { ...tap.dispatch, events: tap.dispatch.events + edited.dispatch.events }
      : tap.dispatch;
  return {
    ...edited,
    status: edited.status === 'not_started' ? 'partial' : edited.status,
    plan,
    ...(both && { dispatch: both }),
  };
}
