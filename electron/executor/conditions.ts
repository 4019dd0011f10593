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
