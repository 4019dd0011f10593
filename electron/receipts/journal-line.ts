// Parses one journal line. A writer killed inside its write() can leave a fragment with no newline; the next
// record (appended whole, with O_APPEND) then starts on that line. Such a line is "<fragment><record>": the
// record is recovered and the fragment reported as torn, so one crash never costs a later record.
// Record starts are found by their leading key: JSON.stringify escapes quotes inside strings, so
// `{"receipt_version":` or `{"record":"` in the raw text is always structure, never text content.

const STARTS = ['{"receipt_version":', '{"record":"'];

export type ParsedLine =
  | { kind: 'value'; value: unknown }
  /** A torn fragment followed by a whole record. */
  | { kind: 'glued'; fragment: string; value: unknown }
  | { kind: 'invalid' };

function tryParse(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

export function parseJournalLine(text: string): ParsedLine {
  const whole = tryParse(text);
  if (whole.ok) return { kind: 'value', value: whole.value };
  const candidates = STARTS.flatMap((start) => {
    const found: number[] = [];
    for (let i = text.indexOf(start, 1); i !== -1; i = text.indexOf(start, i + 1)) found.push(i);
    return found;
  }).sort((a, b) => a - b);
  // The leftmost start whose remainder parses is the appended record (a nested object with the same first
  // key sits inside it and leaves unbalanced brackets behind).
  for (const at of candidates) {
    const rest = tryParse(text.slice(at));
    if (rest.ok) return { kind: 'glued', fragment: text.slice(0, at), value: rest.value };
  }
  return { kind: 'invalid' };
}
