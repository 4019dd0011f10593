import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { journalForm } from './journal-form';
import { CONTAINER_CAP_BYTES, MAX_DEPTH, storedArgs, VALUE_CAP_BYTES } from './stored-args';
import { sampleReceipt } from '../../test/support/receipts/sample-receipt';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

describe('stored arguments', () => {
  it('keeps ordinary arguments as they are (same object)', () => {
    const args = {
      steps: Array.from({ length: 50 }, (_, i) => ({
        action: 'click',
        target: [i, i],
        target_description: `step ${i}`,
      })),
    };
    expect(storedArgs(args)).toEqual(args);
  });

  it('replaces an oversized string by its UTF-8 length and hash, marked as omitted', () => {
    const text = 'é'.repeat(VALUE_CAP_BYTES);
    expect(storedArgs({ target: [1, 2], text })).toEqual({
      target: [1, 2],
      text: { $omitted: true, type: 'string', length: 2 * VALUE_CAP_BYTES + 2, sha256: sha(JSON.stringify(text)) },
    });
  });

  it('omits a container whose capped members still exceed the container cap, and nesting past the depth cap', () => {
    const numbers = Array.from({ length: 100_000 }, (_, i) => i);
    const stored = storedArgs({ keyframes: numbers }) as {
      keyframes: { $omitted: boolean; type: string; length: number };
    };
    expect(stored.keyframes).toMatchObject({ $omitted: true, type: 'array', length: JSON.stringify(numbers).length });
    expect(JSON.stringify(stored).length).toBeLessThan(CONTAINER_CAP_BYTES);
    let deep: unknown = 'x'.repeat(VALUE_CAP_BYTES);
    for (let i = 0; i < 5000; i++) deep = { a: deep };
    expect(JSON.stringify(storedArgs(deep)).length).toBeLessThan(MAX_DEPTH * 8 + 200);
  });

  it('journalForm drops a screenshot image and caps the arguments', () => {
    const receipt = {
      ...sampleReceipt('shot', VALUE_CAP_BYTES * 2),
      observation_after: { image: { png_base64: 'A'.repeat(3_000_000), sha256: 'b'.repeat(64) } },
    };
    const form = journalForm(receipt);
    expect(form.observation_after).toEqual({ image: { sha256: 'b'.repeat(64) } });
    expect(JSON.stringify(form).length).toBeLessThan(2048);
  });
});
