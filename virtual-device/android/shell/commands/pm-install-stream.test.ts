import { describe, expect, it } from 'vitest';
import { readExactly, streamedSize } from './pm-install-stream';

async function* chunks(...parts: number[][]): AsyncIterable<Uint8Array> {
  for (const p of parts) yield Uint8Array.from(p);
  // A host that keeps the stream open for the result: never ends by itself.
  await new Promise(() => undefined);
}

describe('streamed pm install', () => {
  it('finds the size after -S, and nothing without it or with a bad one', () => {
    expect(streamedSize(['install', '-r', '-S', '1234'])).toBe(1234);
    expect(streamedSize(['install', '/data/local/tmp/a.apk'])).toBeNull();
    expect(streamedSize(['install', '-S', 'x'])).toBeNull();
  });

  it('reads exactly SIZE bytes across chunks and stops without waiting for EOF', async () => {
    const bytes = await readExactly(chunks([1, 2], [3, 4, 5], [6]), 4);
    expect([...bytes]).toEqual([1, 2, 3, 4]);
  });
});
