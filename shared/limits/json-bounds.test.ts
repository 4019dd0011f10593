import { describe, expect, it } from 'vitest';
import { checkValueBounds, parseBoundedJson, REQUEST_LIMITS } from './json-bounds';

const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

function deepValue(levels: number): unknown {
  let v: unknown = 0;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
}

describe('parseBoundedJson', () => {
  it('parses requests within the limits', () => {
    expect(parseBoundedJson('{"tool":"click","args":{"target":[1,2]}}')).toEqual({
      ok: true,
      value: { tool: 'click', args: { target: [1, 2] } },
    });
    expect(parseBoundedJson(nested(REQUEST_LIMITS.maxDepth)).ok).toBe(true);
  });

  it('refuses 5,000 levels of nesting with INVALID_ARGUMENT at ""', () => {
    const text = `{"tool":"click","args":{"target":${nested(5000)}}}`;
    expect(parseBoundedJson(text)).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', path: '' } });
    expect(parseBoundedJson(nested(REQUEST_LIMITS.maxDepth + 1)).ok).toBe(false);
  });

  it('ignores brackets inside strings and escaped quotes', () => {
    expect(parseBoundedJson(JSON.stringify({ s: '[[[[\\"{{{{'.repeat(100) }))).toMatchObject({ ok: true });
  });

  it('refuses text over the size limit before parsing it', () => {
    const text = JSON.stringify({ tool: 'input_text', args: { text: 'x'.repeat(REQUEST_LIMITS.maxChars) } });
    expect(parseBoundedJson(text)).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', path: '' } });
  });

  it('refuses what is not JSON', () => {
    expect(parseBoundedJson('{')).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT', path: '' } });
  });
});

describe('checkValueBounds', () => {
  it('accepts an ordinary envelope', () => {
    expect(checkValueBounds({ tool: 'click', args: { target: [1, 2] } })).toBeNull();
  });

  it('refuses depth, node count, text and cycles', () => {
    expect(checkValueBounds(deepValue(5000))).toMatchObject({ code: 'INVALID_ARGUMENT', path: '' });
    expect(checkValueBounds(new Array(REQUEST_LIMITS.maxNodes + 1).fill(0))).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    expect(checkValueBounds({ s: 'x'.repeat(REQUEST_LIMITS.maxChars + 1) })).toMatchObject({
      code: 'INVALID_ARGUMENT',
    });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(checkValueBounds(cyclic)).toMatchObject({ code: 'INVALID_ARGUMENT' });
  });

  it('counts bytes payloads as one value', () => {
    expect(checkValueBounds({ png: new Uint8Array(4 * 1024 * 1024) })).toBeNull();
  });
});
