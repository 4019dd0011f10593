import { describe, expect, it } from 'vitest';
import { CheckSchema, MAX_CHECK_TEXT, MAX_POLL_SPANS, PollLog, singleCheck } from './check';
import { actualVsExpected, actualVsExpectedLine, checkFacts, readingWords } from './words';

describe("PollLog: a check's polls in a compact timeline", () => {
  it('merges consecutive polls that read the same, and keeps the last reading as the actual', () => {
    const log = new PollLog(1000);
    log.record(1000, 'text "hello"', false);
    log.record(1200, 'text "hello"', false);
    log.record(1400, null, false, 'READ_FAILED');
    log.record(1600, 'text "hello tactile"', true);
    const c = log.check('resource_id=lab:id/edit_text', 'text is "hello tactile"', true, 600);
    expect(CheckSchema.parse(c)).toEqual(c);
    expect(c.timeline).toEqual([
      { from_ms: 0, to_ms: 200, polls: 2, actual: 'text "hello"', matched: false, error: null },
      { from_ms: 400, to_ms: 400, polls: 1, actual: null, matched: false, error: 'READ_FAILED' },
      { from_ms: 600, to_ms: 600, polls: 1, actual: 'text "hello tactile"', matched: true, error: null },
    ]);
    expect(c).toMatchObject({ actual: 'text "hello tactile"', matched: true, polls: 4, omitted_polls: 0 });
  });

  it('keeps the first and the last spans of a long wait and counts the polls merged between them', () => {
    const log = new PollLog(0);
    for (let i = 0; i < 200; i++) log.record(i * 100, `value ${i % 50}`, false);
    const c = log.check('seekbar', 'value is 99', false, 20_000);
    expect(c.timeline).toHaveLength(MAX_POLL_SPANS);
    expect(c.timeline[0]!.actual).toBe('value 0');
    expect(c.timeline[c.timeline.length - 1]!.actual).toBe('value 49');
    expect(c.polls).toBe(200);
    expect(c.omitted_polls + c.timeline.reduce((n, s) => n + s.polls, 0)).toBe(200);
    expect(JSON.stringify(c).length).toBeLessThan(4096);
  });

  it('cuts long texts so a check stays small', () => {
    const c = singleCheck('x'.repeat(1000), 'is "y"', 'z'.repeat(5000), false);
    expect(c.subject).toHaveLength(MAX_CHECK_TEXT);
    expect(c.actual).toHaveLength(MAX_CHECK_TEXT);
    expect(c.actual!.endsWith('…')).toBe(true);
    expect(CheckSchema.safeParse(c).success).toBe(true);
  });
});

describe("receipt words: actual vs expected from the receipt's own fields", () => {
  const failed = singleCheck(
    'resource_id=lab:id/edit_text',
    'text is "hello tactile"',
    'text "hello tactilehello tactile"',
    false,
    10_000,
  );

  it('says what a failed check expected and read, also inside a sequence member', () => {
    expect(actualVsExpected({ check: failed })).toEqual({
      subject: 'resource_id=lab:id/edit_text',
      expected: 'text is "hello tactile"',
      actual: 'text "hello tactilehello tactile"',
    });
    expect(
      actualVsExpectedLine({
        members: [
          {
            index: 0,
            tool: 'wait_until',
            status: 'observed',
            code: 'TIMEOUT',
            message: null,
            path: null,
            duration_ms: 1,
            check: failed,
          },
        ],
      }),
    ).toBe('resource_id=lab:id/edit_text: expected text is "hello tactile", actual text "hello tactilehello tactile"');
    expect(actualVsExpected({})).toBeNull();
  });

  it("says a value feedback's target against the reading", () => {
    const feedback = {
      value_format: 'range',
      target_value: 50,
      tolerance: 1,
      before_value: 10,
      after_value: 47,
      residual: -3,
      within_tolerance: false,
      invalid_readings: 0,
    } as const;
    expect(actualVsExpected({ feedback })).toEqual({
      subject: 'the value (range)',
      expected: '50 ± 1',
      actual: '47 (off by -3)',
    });
  });

  it('lists every span of the timeline in the facts', () => {
    const log = new PollLog(0);
    log.record(0, 'unchecked', false);
    log.record(300, 'checked', true);
    const facts = checkFacts(log.check('checkbox', 'checked', true, 300));
    expect(facts.find((f) => f.label === 'Polls')!.value.split('\n')).toEqual([
      '0 ms · 1 poll · unchecked · no match',
      '300 ms · 1 poll · checked · matched',
    ]);
    expect(facts.find((f) => f.label === 'Verdict')!.value).toBe('matched after 2 polls over 300 ms');
  });

  it('reads a control as its value, range and text', () => {
    const flags = {
      checkable: false,
      checked: false,
      clickable: false,
      long_clickable: false,
      focusable: true,
      focused: false,
      selected: false,
      enabled: true,
      editable: false,
      scrollable: false,
      password: false,
      visible: true,
    };
    const words = readingWords({
      node_index: 1,
      window_id: 1,
      package_name: 'p',
      class_name: 'android.widget.SeekBar',
      resource_id: 'p:id/volume',
      text: null,
      content_desc: null,
      bounds_px: [0, 0, 10, 10],
      range: { type: 'int', min: 0, max: 100, current: 50 },
      actions: [],
      selection: null,
      flags,
      token: 'a'.repeat(64),
      content_signature: 'b'.repeat(64),
    });
    expect(words).toBe('SeekBar #volume at [0,0,10,10]: value 50 (range 0–100, int)');
  });
});
