// A document step: one canonical call (shared/actions' `{tool, args}` envelope, as written) and what the one
// prepare step (shared/prepare, the executor's own) says about it on the selected device — the typed call and
// its dispatch plan when valid, every issue (stable code, JSON Pointer, message) when not. An invalid step is
// kept, never dropped or clamped.
import type { ActionCall, ToolEnvelope } from '../../shared/actions';
import type { TactileError } from '../../shared/errors';
import type { ScreenSize } from '../../shared/geometry';
import type { DispatchPlan } from '../../shared/gesture';
import { prepareCall, type Prepared } from '../../shared/prepare';
import { validateToolCall } from '../../shared/validation';
import { countWork } from '../app/work-counters';

/** What a step is checked against: the device's screen and capabilities, each null while unknown. */
export interface CheckContext {
  screen: ScreenSize | null;
  capabilities: readonly string[] | null;
}

/** `plan` is null when no screen was known (the call's shape was checked, not its geometry). */
export type StepCheck =
  | { ok: true; call: ActionCall; plan: DispatchPlan | null; screen: ScreenSize | null }
  | { ok: false; issues: TactileError[]; screen: ScreenSize | null };

/** Where a step came from: sent by hand from the console, recorded while Record was on, or written in the document. */
export type StepSource = 'manual' | 'recorded' | 'edit';

/** What a flow file keeps beside a step's call: its label and its expectation (kept as opened). */
export interface StepExtra {
  label: string | null;
  expect?: { wait_until: Record<string, unknown> };
}

export interface Step {
  id: string;
  envelope: ToolEnvelope;
  source: StepSource;
  check: StepCheck;
  extra?: StepExtra;
}

export interface DocumentState {
  steps: Step[];
  /** Ids of the selected steps, in selection order. */
  selection: string[];
}

export const EMPTY_DOCUMENT: DocumentState = { steps: [], selection: [] };

/**
 * Prepares an envelope the way dispatch will (prepareCall); without a screen, its shape only. The check is
 * returned frozen: it is an immutable value of the document, and immer (history.ts) does not walk into a frozen
 * value — unfrozen, every edit made it visit and freeze each sample of the plan (thousands for a 5-finger
 * gesture), which was the largest cost of a handle drag's pointer move.
 */
export function checkStep(envelope: ToolEnvelope, { screen, capabilities }: CheckContext): StepCheck {
  countWork('prepareCall');
  if (screen === null) {
    const r = validateToolCall(envelope);
    return Object.freeze(
      r.ok ? { ok: true, call: r.call, plan: null, screen } : { ok: false, issues: r.errors, screen },
    );
  }
  const r = prepareCall(envelope, screen, capabilities);
  return Object.freeze(
    r.ok ? { ok: true, call: r.call, plan: r.plan, screen } : { ok: false, issues: r.issues, screen },
  );
}

/** A step's check as the prepared call it is, to send as previewed (null: checked without a screen, its shape only). */
export function preparedOf(check: StepCheck): Prepared | null {
  if (!check.ok) return check.screen ? { ok: false, issues: check.issues } : null;
  return check.plan ? { ok: true, call: check.call, plan: check.plan } : null;
}

/** The codes a step carries ('OK' when valid), for the steps panel. */
export function stepCodes(step: Step): string[] {
  return step.check.ok ? [] : [...new Set(step.check.issues.map((i) => i.code))];
}

/** A selector in words: its resource id without the package, else its text or description, else its class. */
function shortId(selector: unknown): string {
  const s = (selector ?? {}) as Record<string, unknown>;
  const id = typeof s.resource_id === 'string' ? s.resource_id : null;
  if (id) return id.slice(id.indexOf('/') + 1);
  const words = typeof s.text === 'string' ? s.text : typeof s.content_desc === 'string' ? s.content_desc : null;
  if (words !== null) return JSON.stringify(words);
  return typeof s.class_name === 'string' ? s.class_name : '?';
}

/** One line in words: the tool and its main arguments. */
export function stepSummary(step: Step): string {
  const a = step.envelope.args as Record<string, unknown>;
  const pt = (v: unknown) => (Array.isArray(v) ? `(${v.join(', ')})` : '');
  switch (step.envelope.tool) {
    case 'click':
      return `tap ${pt(a.target)}`;
    case 'long_press':
      return `long press ${pt(a.target)} ${typeof a.duration_ms === 'number' ? `${a.duration_ms} ms` : ''}`.trim();
    case 'drag':
      return `drag ${pt(a.start)} → ${pt(a.end)}${a.coordinate_space === 'pixel' ? ' px' : ''}`;
    case 'swipe':
      return `swipe ${pt(a.start)} → ${pt(a.end)}`;
    case 'press_key':
      return `key ${String(a.key)}`;
    case 'input_text':
      return `${a.clear_exist === false ? 'type' : 'set text'} ${JSON.stringify(a.text)}`;
    case 'manage_app':
      return `${String(a.action)} ${String(a.app_name)}`;
    case 'scroll_to':
      return `${String(a.direction ?? 'forward')} in ${shortId(a.container)} to ${shortId(a.target)}`;
    case 'tactile.button':
      return String(a.button);
    case 'tactile.key':
      return [a.ctrl === true && 'Ctrl', a.shift === true && 'Shift', String(a.key)].filter(Boolean).join('+');
    case 'tactile.paste':
      return `paste ${JSON.stringify(a.text)}`;
    case 'tactile.install_app':
      return String(a.apk_path);
    case 'tactile.uninstall_app':
      return String(a.package);
    case 'wait_for_delay':
      return `${String(a.time_in_ms)} ms`;
    case 'wait_until':
      return `${shortId(a.selector)} ${String(a.state)}${a.expected_text != null ? ` = ${JSON.stringify(a.expected_text)}` : a.expected_value != null ? ` = ${String(a.expected_value)}` : ''}`;
    case 'read_control':
      return shortId(a.selector);
    case 'control_action':
      return `${String(a.action)} ${shortId(a.selector)}`;
    case 'action_sequence':
      return ((a.steps as Array<Record<string, unknown>> | undefined) ?? [])
        .map((m) =>
          m.action === 'click'
            ? `tap ${typeof m.target === 'string' ? shortId({ resource_id: m.target }) : pt(m.target)}`
            : String(m.action),
        )
        .join(', ');
    default:
      return step.envelope.tool;
  }
}
