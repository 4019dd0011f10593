// What a read or check step saw, in the receipt itself: the condition in words, what it expected, what it read
// last, whether that matched, and each poll in a compact timeline (consecutive polls that read the same are one
// span). The executor writes it (wait_until, expect_*, wait_for_*), so every place that shows a failure — the
// replay matrix, the receipts panel, the debugger, the report — says actual vs expected from the receipt's own
// fields, never by re-deriving them. Small by construction: texts are cut to MAX_CHECK_TEXT, the timeline keeps
// its first and last spans and counts the polls merged between them, so a 30 s wait stays a few kilobytes.
import { z } from 'zod';

export const MAX_CHECK_TEXT = 240;
export const MAX_POLL_SPANS = 24;

const text = z.string().max(MAX_CHECK_TEXT);

export const PollSpanSchema = z.strictObject({
  /** Milliseconds since the check began, of the span's first and last poll. */
  from_ms: z.int().min(0),
  to_ms: z.int().min(0),
  polls: z.int().min(1),
  /** What these polls read, in words; null when the read failed (then `error` says why). */
  actual: text.nullable(),
  matched: z.boolean(),
  /** The code of a read that failed (READ_FAILED, DEVICE_LOST, …); null when the read worked. */
  error: z.string().max(64).nullable(),
});
export type PollSpan = z.infer<typeof PollSpanSchema>;

export const CheckSchema = z.strictObject({
  /** What was checked: the element (selector in words) and, for a property, which one. */
  subject: text,
  /** The condition in words: `is "hello tactile"`, `is checked`, `is visible`, `changes`. */
  expected: text,
  /** The last reading in words; null when nothing could be read. */
  actual: text.nullable(),
  matched: z.boolean(),
  polls: z.int().min(0),
  elapsed_ms: z.int().min(0),
  /** Polls in order, alike consecutive ones merged. */
  timeline: z.array(PollSpanSchema).max(MAX_POLL_SPANS),
  /** Polls merged out of the timeline's middle when it had more spans than fit (0: every poll is in it). */
  omitted_polls: z.int().min(0),
});
export type Check = z.infer<typeof CheckSchema>;

/** A text cut to fit a check (an ellipsis marks the cut). */
export function checkText(value: string): string {
  return value.length > MAX_CHECK_TEXT ? `${value.slice(0, MAX_CHECK_TEXT - 1)}…` : value;
}

/** A value as a check shows it: strings quoted (JSON), null as `nothing`, the rest as JSON. */
export function checkValue(value: unknown): string {
  if (value === null || value === undefined) return 'nothing';
  return checkText(JSON.stringify(value) ?? String(value));
}

/**
 * Collects a check's polls as they happen (pure: the caller gives the time). Spans merge consecutive polls with
 * the same reading and verdict; past MAX_POLL_SPANS the oldest spans after the first half are dropped and their
 * polls counted, so the first readings and the last ones are both kept.
 */
export class PollLog {
  private spans: PollSpan[] = [];
  private omitted = 0;
  private count = 0;
  private last: { actual: string | null; matched: boolean; error: string | null } | null = null;

  constructor(readonly startedAt: number) {}

  get polls(): number {
    return this.count;
  }

  /** What the last poll read, in words (null: nothing yet, or its read failed). */
  get lastActual(): string | null {
    return this.last?.actual ?? null;
  }

  /** One poll at time `at` (same clock as startedAt): what it read (words), whether it matched, or its error code. */
  record(at: number, actual: string | null, matched: boolean, error: string | null = null): void {
    this.count++;
    const ms = Math.max(0, Math.round(at - this.startedAt));
    const words = actual === null ? null : checkText(actual);
    this.last = { actual: words, matched, error };
    const open = this.spans[this.spans.length - 1];
    if (open && open.actual === words && open.matched === matched && open.error === error) {
      open.to_ms = ms;
      open.polls++;
      return;
    }
    this.spans.push({ from_ms: ms, to_ms: ms, polls: 1, actual: words, matched, error });
    if (this.spans.length > MAX_POLL_SPANS) {
      const dropAt = MAX_POLL_SPANS / 2;
      this.omitted += this.spans[dropAt]!.polls;
      this.spans.splice(dropAt, 1);
    }
  }

  /** The check as the receipt keeps it; `matched` is the tool's verdict (a stable window may need several polls). */
  check(subject: string, expected: string, matched: boolean, elapsedMs: number): Check {
    return {
      subject: checkText(subject),
      expected: checkText(expected),
      actual: this.last?.actual ?? null,
      matched,
      polls: this.count,
      elapsed_ms: Math.max(0, Math.round(elapsedMs)),
      timeline: this.spans.map((s) => ({ ...s })),
      omitted_polls: this.omitted,
    };
  }
}

/** A check made of one read: `actual` against `expected`. */
export function singleCheck(
  subject: string,
  expected: string,
  actual: string | null,
  matched: boolean,
  elapsedMs = 0,
  error: string | null = null,
): Check {
  const log = new PollLog(0);
  log.record(elapsedMs, actual, matched, error);
  return log.check(subject, expected, matched, elapsedMs);
}
