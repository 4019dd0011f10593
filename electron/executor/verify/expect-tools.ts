// Seed-004 verification: expect_screen, expect_element_visible, expect_state. Binary, structured, no inference:
// a property the device does not expose is reported unavailable, never guessed.
import type { ElementSelector, ToolArgs } from '../../../shared/actions';
import type { HelperNode } from '../../../shared/helper-protocol';
import {
  decodeHandle,
  describe,
  resolveElement,
  sameIdentity,
  type ResolvedElement,
} from '../../../shared/verify/resolve';
import type { UiSnapshot } from '../../../shared/verify/snapshot';
import { checkValue, singleCheck } from '../../../shared/receipts/check';
import type { ExecContext } from '../context';
import { selectorWords } from '../conditions';
import type { Outcome } from '../outcome';
import { screenOf } from './observe-tools';
import { pollSnapshots } from './poll';
import { observed, readError, withResult } from './result';
import { readSnapshot } from './ui-snapshot';

export async function expectScreen(ctx: ExecContext, args: ToolArgs<'expect_screen'>): Promise<Outcome> {
  let s: UiSnapshot;
  try {
    s = await readSnapshot(ctx);
  } catch (e) {
    return readError(e, { confidence: 0 });
  }
  const seen = screenOf(s);
  // The fingerprint decides when given; the screen id is the fallback exact match.
  const success = args.fingerprint !== undefined ? seen.fingerprint === args.fingerprint : seen.screen === args.screen;
  const expected_screen = {
    ...(args.fingerprint !== undefined && { fingerprint: args.fingerprint }),
    ...(args.screen !== undefined && { screen: args.screen }),
  };
  const result = { success, observed_screen: seen, expected_screen, confidence: success ? 1 : 0 };
  const check =
    args.fingerprint !== undefined
      ? singleCheck(
          'the screen',
          `fingerprint ${args.fingerprint}`,
          `fingerprint ${seen.fingerprint} (${seen.screen ?? 'no activity'})`,
          success,
        )
      : singleCheck(
          'the screen',
          `screen ${JSON.stringify(args.screen)}`,
          `screen ${JSON.stringify(seen.screen)}`,
          success,
        );
  return success
    ? { ...observed(result), check }
    : {
        ...withResult('observed', result, 'EXPECTATION_FAILED', 'the expected screen is not the observed one'),
        result,
        check,
      };
}

/** An element a poll found, in words: its class, id, text and box. */
export function elementWords(e: {
  class_name: string | null;
  resource_id: string | null;
  text: string | null;
  content_desc: string | null;
  bounds: readonly number[];
}): string {
  const name = [
    e.class_name?.split('.').pop(),
    e.resource_id ? `#${e.resource_id.split('/').pop()}` : null,
    e.text ? JSON.stringify(e.text) : e.content_desc ? `desc ${JSON.stringify(e.content_desc)}` : null,
  ]
    .filter(Boolean)
    .join(' ');
  return `${name || 'an element'} at [${e.bounds.join(',')}]`;
}

/** The words of a poll that looked for a visible element: found where, or not. */
export const foundWords = <T>(found: T | undefined, describeFound: (v: T) => string) =>
  found === undefined ? 'no visible element matches' : `visible: ${describeFound(found)}`;

export async function expectElementVisible(
  ctx: ExecContext,
  args: ToolArgs<'expect_element_visible'>,
): Promise<Outcome> {
  const p = await pollSnapshots(
    ctx,
    args.timeout_ms,
    200,
    (s) => resolveElement(s, args.selector).best ?? undefined,
    (_s, e) => foundWords(e, elementWords),
  );
  const base = { selector: args.selector, ...(args.element_id !== undefined && { element_id: args.element_id }) };
  const check = p.log.check(selectorWords(args.selector), 'is visible', p.done, p.elapsed_ms);
  if (p.done) {
    const e = p.value;
    return {
      ...observed({
        success: true,
        ...base,
        element_id: e.element_id,
        element: {
          class_name: e.class_name,
          resource_id: e.resource_id,
          text: e.text,
          content_desc: e.content_desc,
          bounds: e.bounds,
        },
      }),
      check,
    };
  }
  if (p.cancelled)
    return { ...withResult('cancelled', { success: false, ...base }, 'CANCELLED', 'cancelled while verifying'), check };
  if (p.last === null) return { ...readError(p.error, { ...base }), check };
  return {
    ...withResult(
      'observed',
      { success: false, ...base },
      'TIMEOUT',
      `no visible element matched within ${p.elapsed_ms} ms`,
    ),
    check,
  };
}

type StateValue = boolean | number | string | null;

/** The normalized readable value of a property, or `unavailable` when this node does not expose it. */
export function readProperty(
  n: HelperNode,
  property: ToolArgs<'expect_state'>['property'],
): { available: true; value: StateValue; raw: unknown } | { available: false; why: string } {
  switch (property) {
    case 'checked':
      return n.flags.checkable
        ? { available: true, value: n.flags.checked, raw: n.flags.checked }
        : { available: false, why: 'the element is not checkable' };
    case 'selected':
    case 'focused':
    case 'enabled':
      return { available: true, value: n.flags[property], raw: n.flags[property] };
    case 'expanded':
      return {
        available: false,
        why: 'Android exposes no expanded state for this element (no expand/collapse action reported)',
      };
    case 'text_value':
      if (n.flags.password) return { available: false, why: 'password fields do not expose their text' };
      if (n.flags.showing_hint_text === true) return { available: true, value: '', raw: n.text };
      return n.text === null
        ? { available: false, why: 'the element has no text' }
        : { available: true, value: n.text, raw: n.text };
    case 'value':
      return n.range
        ? { available: true, value: n.range.current, raw: n.range }
        : { available: false, why: 'the element has no numeric value (RangeInfo)' };
    case 'raw_value':
      if (n.range) return { available: true, value: n.range.current, raw: n.range };
      return n.text !== null && !n.flags.password
        ? { available: true, value: n.text, raw: n.text }
        : { available: false, why: 'the element exposes no value' };
  }
}

function equal(observedValue: StateValue, expected: boolean | number | string): boolean {
  if (typeof observedValue === 'number' && typeof expected === 'string' && expected.trim() !== '')
    return observedValue === Number(expected);
  if (typeof observedValue === 'boolean' && typeof expected === 'string')
    return String(observedValue) === expected.toLowerCase();
  return observedValue === expected;
}

/** Finds the element a selector or a handle names in one snapshot. */
export function locate(
  s: UiSnapshot,
  target: { selector?: ElementSelector | undefined; element_id?: string | undefined },
): { node: HelperNode; element: ResolvedElement } | null {
  if (target.selector) {
    const best = resolveElement(s, target.selector).best;
    return best ? { node: s.nodes[best.node_index]!, element: best } : null;
  }
  const h = decodeHandle(target.element_id ?? '');
  if (!h) return null;
  const i = s.nodes.findIndex((n) => n.flags.visible && sameIdentity(h, n));
  return i < 0 ? null : { node: s.nodes[i]!, element: describe(s.nodes[i]!, i, 1, 'same identity as the handle') };
}

export async function expectState(ctx: ExecContext, args: ToolArgs<'expect_state'>): Promise<Outcome> {
  const base = {
    property: args.property,
    expected: args.expected,
    ...(args.selector && { selector: args.selector }),
    ...(args.element_id && { element_id: args.element_id }),
  };
  const t0 = ctx.now();
  const subject = `${args.property} of ${args.selector ? selectorWords(args.selector) : `element ${args.element_id}`}`;
  const check = (actual: string | null, matched: boolean, error: string | null = null) =>
    singleCheck(subject, `is ${checkValue(args.expected)}`, actual, matched, ctx.now() - t0, error);
  let s: UiSnapshot;
  try {
    s = await readSnapshot(ctx);
  } catch (e) {
    const r = readError(e, base);
    return { ...r, check: check(null, false, r.code) };
  }
  const found = locate(s, args);
  const at = args.selector ? '/args/selector' : '/args/element_id';
  if (!found)
    return {
      ...withResult('observed', { success: false, ...base }, 'NOT_FOUND', 'no visible element matches', at),
      check: check('no visible element matches', false),
    };
  const read = readProperty(found.node, args.property);
  const element = {
    element_id: found.element.element_id,
    class_name: found.node.class_name,
    resource_id: found.node.resource_id,
  };
  if (!read.available) {
    return {
      ...withResult(
        'observed',
        { success: false, ...base, element, available: false, observed: null, reason: read.why },
        'UNAVAILABLE',
        read.why,
        '/args/property',
      ),
      check: check(`unavailable: ${read.why}`, false),
    };
  }
  const success = equal(read.value, args.expected);
  const result = { success, ...base, element, available: true, observed: read.value, raw: read.raw };
  const seen = check(checkValue(read.value), success);
  return success
    ? { ...observed(result), check: seen }
    : {
        ...withResult(
          'observed',
          result,
          'EXPECTATION_FAILED',
          `${args.property} is ${JSON.stringify(read.value)}, expected ${JSON.stringify(args.expected)}`,
        ),
        check: seen,
      };
}
