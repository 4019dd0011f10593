// The receipt event every client receives is the journal's summary of the receipt, never its megabytes.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleReceipt } from '../../test/support/receipts/sample-receipt';
import { EventHub } from './event-hub';
import { createHandlers, type HandlerDeps } from './handlers';

describe('device.execute', () => {
  it('answers the caller with its receipt and announces a summary: capped arguments, no screenshot image', async () => {
    const huge = {
      ...sampleReceipt('op-big'),
      args: { target: [1, 2], note: 'x'.repeat(16_000_000) },
      observation_after: { image: { png_base64: 'A'.repeat(3_000_000), sha256: 'c'.repeat(64) } },
    };
    const events = new EventHub();
    const heard: unknown[] = [];
    events.onAny((channel, payload) => heard.push({ channel, payload }));
    const executor = {
      run: async () => huge,
      capabilities: async () => ({ backend: null, tools: [], capabilities: [] }),
    };
    const handlers = createHandlers({
      executor,
      events,
      journalDir: mkdtempSync(join(tmpdir(), 'tactile-handlers-')),
    } as unknown as HandlerDeps);
    const answer = await handlers['device.execute']({ serial: 's', envelope: {} });
    expect((answer.receipt.observation_after as { image: { png_base64?: string } }).image.png_base64).toHaveLength(
      3_000_000,
    );
    expect(heard).toHaveLength(1);
    expect(JSON.stringify(heard[0]).length).toBeLessThan(4096);
    expect(heard[0]).toMatchObject({
      channel: 'receipt.completed',
      payload: { receipt: { operation_id: 'op-big', args: { note: { $omitted: true, length: 16_000_002 } } } },
    });
  });
});
