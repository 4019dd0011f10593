// Scale values as operators and apps write them, kept in ONE numeric unit for calibration: clock values
// (`HH:MM:SS`, `MM:SS`) become seconds, percentages stay percent points ("45 %" → 45), plain numbers keep
// their unit suffix only as display. The format is remembered so a value is shown back the way it was read.

export type ValueKind = 'clock' | 'minutes' | 'integer' | 'decimal' | 'percent';

export interface ValueFormat {
  kind: ValueKind;
  /** Digits after the decimal point (decimal), else 0. */
  decimals: number;
  /** Unit text after the number ("dB", "s", "°"), or null. Percent carries "%". */
  unit: string | null;
}

export interface ParsedValue {
  value: number;
  format: ValueFormat;
}

const CLOCK = /^(\d{1,2}):([0-5]\d):([0-5]\d)$/;
const MINUTES = /^(\d{1,3}):([0-5]\d)$/;
// A signed number (comma or point decimals are not mixed: only "." is a decimal separator) and an optional unit.
const NUMBER = /^([-+−]?)(\d+(?:\.\d+)?|\.\d+)\s*(%|[A-Za-zµ°/]{1,8})?$/;

/** The value a text shows, or null when the whole text is not one value (labels with words are not values). */
export function parseValue(text: string): ParsedValue | null {
  const t = text.trim();
  const c = CLOCK.exec(t);
  if (c)
    return {
      value: Number(c[1]) * 3600 + Number(c[2]) * 60 + Number(c[3]),
      format: { kind: 'clock', decimals: 0, unit: null },
    };
  const m = MINUTES.exec(t);
  if (m) return { value: Number(m[1]) * 60 + Number(m[2]), format: { kind: 'minutes', decimals: 0, unit: null } };
  const n = NUMBER.exec(t);
  if (!n) return null;
  const digits = n[2]!;
  const value = (n[1] === '-' || n[1] === '−' ? -1 : 1) * Number(digits);
  const dot = digits.indexOf('.');
  const decimals = dot < 0 ? 0 : digits.length - dot - 1;
  const unit = n[3] ?? null;
  if (unit === '%') return { value, format: { kind: 'percent', decimals, unit } };
  return { value, format: { kind: decimals > 0 ? 'decimal' : 'integer', decimals, unit } };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A value in the operator's format (clock values rounded to whole seconds). */
export function formatValue(value: number, f: ValueFormat): string {
  if (f.kind === 'clock' || f.kind === 'minutes') {
    const sign = value < 0 ? '-' : '';
    const s = Math.round(Math.abs(value));
    const body =
      f.kind === 'clock'
        ? `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
        : `${pad(Math.floor(s / 60))}:${pad(s % 60)}`;
    return sign + body;
  }
  const digits = value.toFixed(f.decimals);
  if (f.unit === null) return digits;
  return f.kind === 'percent' ? `${digits}%` : `${digits} ${f.unit}`;
}
