// Screen decodes in one worker (decode-worker.ts), so neither the Blob nor the decode runs on the page's main
// thread while scrubbing. Should the worker fail to start (a packaged build whose policy refuses it), decodes
// fall back to the main thread for the rest of the session rather than leaving every picture blank.
import type { DecodeReply, DecodeRequest } from './decode-protocol';

type Waiting = { resolve(bitmap: ImageBitmap): void; reject(error: Error): void };

// Module-level: the one worker and its pending replies (a Worker and promise callbacks are not state to render).
let worker: Worker | null = null;
let broken = false;
let nextId = 1;
const waiting = new Map<number, Waiting>();

function onThisThread(
  bytes: Uint8Array<ArrayBuffer>,
  mediaType: string,
  resizeWidth: number | null,
): Promise<ImageBitmap> {
  return createImageBitmap(
    new Blob([bytes], { type: mediaType }),
    resizeWidth !== null ? { resizeWidth, resizeQuality: 'low' } : {},
  );
}

function theWorker(): Worker | null {
  if (broken) return null;
  if (worker) return worker;
  try {
    worker = new Worker(new URL('./decode-worker.ts', import.meta.url), { type: 'module' });
  } catch {
    broken = true;
    return null;
  }
  worker.onmessage = (e: MessageEvent<DecodeReply>) => {
    const w = waiting.get(e.data.id);
    if (!w) return;
    waiting.delete(e.data.id);
    if ('bitmap' in e.data) w.resolve(e.data.bitmap);
    else w.reject(new Error(e.data.error));
  };
  worker.onerror = () => {
    broken = true;
    worker?.terminate();
    worker = null;
    for (const w of waiting.values()) w.reject(new Error('the decode worker failed'));
    waiting.clear();
  };
  return worker;
}

/** Decodes `bytes` (copied to the worker: the caller keeps them for a later decode) no wider than `resizeWidth`. */
export function decodeOffThread(
  bytes: Uint8Array<ArrayBuffer>,
  mediaType: string,
  resizeWidth: number | null,
): Promise<ImageBitmap> {
  const w = theWorker();
  if (!w) return onThisThread(bytes, mediaType, resizeWidth);
  const id = nextId++;
  const copy = bytes.slice().buffer;
  return new Promise<ImageBitmap>((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    w.postMessage({ id, bytes: copy, mediaType, resizeWidth } satisfies DecodeRequest, [copy]);
  }).catch(() => onThisThread(bytes, mediaType, resizeWidth));
}
