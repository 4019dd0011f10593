// Host bytes of a stream as an AsyncIterable. Each chunk is acknowledged to the host (OKAY) only
// when the consumer takes it, so a command that never reads stdin holds the host back like a full pipe.

import type { DeviceStream } from '../../device-services';

export function streamInput(stream: DeviceStream): AsyncIterable<Uint8Array> {
  const chunks: Array<{ chunk: Uint8Array; taken: () => void }> = [];
  let waiter: (() => void) | null = null;
  let ended = stream.closed;
  const wake = () => {
    const w = waiter;
    waiter = null;
    w?.();
  };
  stream.onData(
    (chunk) =>
      new Promise<void>((taken) => {
        chunks.push({ chunk, taken });
        wake();
      }),
  );
  stream.onClose(() => {
    ended = true;
    for (const { taken } of chunks.splice(0)) taken();
    wake();
  });
  return {
    async *[Symbol.asyncIterator]() {
      for (;;) {
        const next = chunks.shift();
        if (next) {
          next.taken();
          yield next.chunk;
          continue;
        }
        if (ended || stream.closed) return;
        await new Promise<void>((resolve) => (waiter = resolve));
      }
    },
  };
}
