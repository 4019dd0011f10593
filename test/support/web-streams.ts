// Web streams (as @yume-chan/stream-extra types them) for tests that drive a third-party adb client.

import { ReadableStream } from '@yume-chan/stream-extra';

/** A stream of one chunk, e.g. a file for `AdbSync.write`. */
export function once(data: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(data);
      controller.close();
    },
  });
}

/** Everything a stream yields until it ends. */
export async function collect(stream: ReadableStream<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return Buffer.concat(parts);
    parts.push(value);
  }
}
