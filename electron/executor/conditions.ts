// Pure checks of a native reading: wait_until / ensure_state conditions and feedback values. Text is the
// field's content (fieldText): a hint Android reports as text (showing_hint_text) is not a value.
import { fieldText, type ControlReading } from '../../shared/helper-protocol';

export interface Condition {
  state: string;
  expected_text: string | null;
  expected_value: number | null;
  tolerance: number;
}

/** A number read from a reading: the range's current value, else a text that is entirely one number. */
export function numericValue(r: ControlReading): number | null {
  if (r.range) return r.range.current;
  return parseNumber(fieldText(r));
}

export function parseNumber(text: string | null): number | null {
  if (text === null) return null;
  const t = text.trim();
  return /^[-+]?(\d+(\.\d+)?|\.\d+)$/.test(t) ? Number(t) : null;
}

/** The single HH:MM:SS in the text as seconds of the day; null when there is none or more than one. */
export function parseClock(text: string | null): number | null {
  if (text === null) return null;
  const all = [...text.matchAll(/(?<!\d)(\d{1,2}):([0-5]\d):([0-5]\d)(?!\d)/g)];
  if (all.length !== 1) return null;
  const [, h, m, s] = all[0]!;
  const hours = Number(h);
  return hours > 23 ? null : hours * 3600 + Number(m) * 60 + Number(s);
}

export function feedbackValue(r: ControlReading, format: 'range' | 'number' | 'clock'): number | null {
  if (format === 'range') return r.range ? r.range.current : null;
  if (format === 'number') return parseNumber(fieldText(r));
  return parseClock(fieldText(r));
}

/** Whether a present control satisfies the condition (`absent` and `stable` are decided by the poller). */
export function holds(c: Condition, r: ControlReading): boolean {
  switch (c.state) {
    case 'visible':
      return r.flags.visible;
    case 'enabled':
      return r.flags.enabled;
    case 'disabled':
      return !r.flags.enabled;
    case 'checked':
      return r.flags.checkable && r.flags.checked;
    case 'unchecked':
      return r.flags.checkable && !r.flags.checked;
    case 'selected':
      return r.flags.selected;
    case 'unselected':
      return !r.flags.selected;
    case 'text':
      return fieldText(r) === c.expected_text;
    case 'content_desc':
      return r.content_desc === c.expected_text;
    case 'value': {
      const v = numericValue(r);
      return v !== null && c.expected_value !== null && Math.abs(v - c.expected_value) <= c.tolerance;
    }
    default:
      return false;
  }
}

/** A selector in words: its given attributes, `key=value`, in the schema's order. */
export function selectorWords(selector: object): string {
  const parts = Object.entries(selector)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  return parts.length > 0 ? parts.join(' ') : 'any element';
}

/** The condition of wait_until (or ensure_state's verification) in words: what a reading must show. */
export function conditionWords(c: Condition, stableMs: number): string {
  const held = stableMs > 0 ? ` for ${stableMs} ms` : '';
  switch (c.state) {
    case 'text':
      return `text is ${JSON.stringify(c.expected_text)}${held}`;
    case 'content_desc':
      return `content_desc is ${JSON.stringify(c.expected_text)}${held}`;
    case 'value':
      return `value is ${c.expected_value}${c.tolerance > 0 ? ` ± ${c.tolerance}` : ''}${held}`;
    case 'stable':
      return `unchanged for ${stableMs} ms`;
    default:
      return `${c.state}${held}`;
  }
}

/** What one reading shows for the condition's state, in words (`absent` when the poll found no element). */
export function pollReadingWords(state: string, r: ControlReading | null): string {
  if (r === null) return 'absent (no element matches)';
  const flag = (on: boolean, yes: string, no: string) => (on ? yes : no);
  switch (state) {
    case 'visible':
      return flag(r.flags.visible, 'visible', 'not visible');
    case 'absent':
      return 'present';
    case 'enabled':
    case 'disabled':
      return flag(r.flags.enabled, 'enabled', 'disabled');
    case 'checked':
    case 'unchecked':
      return r.flags.checkable ? flag(r.flags.checked, 'checked', 'unchecked') : 'not checkable';
    case 'selected':
    case 'unselected':
      return flag(r.flags.selected, 'selected', 'unselected');
    case 'text':
      return `text ${JSON.stringify(fieldText(r))}`;
    case 'content_desc':
      return `content_desc ${JSON.stringify(r.content_desc)}`;
    case 'value': {
      const v = numericValue(r);
      return v === null ? `no number (text ${JSON.stringify(fieldText(r))})` : `value ${v}`;
    }
    case 'stable':
      return `signature ${r.content_signature.slice(0, 12)}`;
    default:
      return state;
  }
}
