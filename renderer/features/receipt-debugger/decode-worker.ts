// Decodes step screens off the main thread. Making a Blob of a screen's bytes registers it with the browser
// process, and on the page's main thread that cost the scrub about 2 ms a step (CPU profile of
// bench:debugger: `Blob` was the largest function by self time); here the worker pays it, and the decoded
// bitmap is transferred back without a copy.
import type { DecodeReply, DecodeRequest } from './decode-protocol';

self.onmessage = (e: MessageEvent<DecodeRequest>) => {
  const { id, bytes, mediaType, resizeWidth } = e.data;
  const options: ImageBitmapOptions = resizeWidth !== null ? { resizeWidth, resizeQuality: 'low' } : {};
  createImageBitmap(new Blob([bytes], { type: mediaType }), options).then(
    (bitmap) => self.postMessage({ id, bitmap } satisfies DecodeReply, { transfer: [bitmap] }),
    (error: unknown) =>
      self.postMessage({ id, error: error instanceof Error ? error.message : String(error) } satisfies DecodeReply),
  );
};
