// The minimal page the mirror E2E test and benchmark load: the product's MirrorView with a MirrorTransport
// over a local WebSocket (binary packets framed by renderer/features/mirror/wire.ts); pointer events go back
// to the harness, which injects them through scrcpy's control socket.
import { createRoot } from 'react-dom/client';
import { MirrorView, type MirrorPointer } from '../../renderer/features/mirror/MirrorView';
import type { MirrorStreamHandlers, MirrorTransport } from '../../renderer/features/mirror/transport';
import { decodeMirrorPacket } from '../../renderer/features/mirror/wire';

const params = new URLSearchParams(location.search);
const epochNow = () => performance.timeOrigin + performance.now();

const transport: MirrorTransport = {
  openStream(h: MirrorStreamHandlers) {
    if (params.get('mode') === 'screenshots') {
      queueMicrotask(() => h.onEnd('stream disabled for this run'));
      return () => undefined;
    }
    const ws = new WebSocket(`ws://${location.host}/stream`);
    ws.binaryType = 'arraybuffer';
    ws.onmessage = (m) => {
      if (typeof m.data === 'string') h.onInfo(JSON.parse(m.data));
      else h.onPacket(decodeMirrorPacket(new Uint8Array(m.data as ArrayBuffer)));
    };
    ws.onclose = () => h.onEnd('stream closed');
    return () => ws.close();
  },
  requestKeyframe() {
    void fetch('/keyframe', { method: 'POST' });
  },
  async screenshot() {
    const response = await fetch('/screenshot');
    return {
      png: await response.blob(),
      capturedAt: Number(response.headers.get('x-captured-at')),
      screen: { width: Number(response.headers.get('x-width')), height: Number(response.headers.get('x-height')) },
    };
  },
};

const paints: Array<{ at: number; latency: number | null }> = [];
const pointers: MirrorPointer[] = [];
let mode = 'connecting';

function onPointer(p: MirrorPointer) {
  pointers.push(p);
  void fetch('/touch', { method: 'POST', body: JSON.stringify({ phase: p.phase, x: p.point.x, y: p.point.y }) });
}

document.body.style.cssText = 'margin: 0; background: #222; height: 100vh';
const root = document.createElement('div');
root.style.cssText = 'height: 100vh';
document.body.append(root);
createRoot(root).render(
  <MirrorView
    transport={transport}
    onPointer={onPointer}
    onFrame={(s, latency) => {
      mode = s.framesPainted > 0 ? (params.get('mode') === 'screenshots' ? 'screenshots' : 'stream') : mode;
      paints.push({ at: epochNow(), latency });
    }}
  />,
);

const canvas = () => document.querySelector<HTMLCanvasElement>('[data-testid=mirror-canvas]')!;

/** Mean RGB of a rectangle in video pixels, read back from the canvas. */
function regionMean(x: number, y: number, w: number, h: number): [number, number, number] {
  const c = canvas();
  const copy = document.createElement('canvas');
  copy.width = c.width;
  copy.height = c.height;
  const ctx = copy.getContext('2d')!;
  ctx.drawImage(c, 0, 0);
  const data = ctx.getImageData(x, y, w, h).data;
  const sum = [0, 0, 0];
  for (let i = 0; i < data.length; i += 4) for (let k = 0; k < 3; k++) sum[k]! += data[i + k]!;
  const n = data.length / 4;
  return [sum[0]! / n, sum[1]! / n, sum[2]! / n];
}

Object.assign(window, {
  mirror: {
    mode: () => mode,
    figures: () => ({ framesPainted: paints.length }),
    size: () => ({ width: canvas().width, height: canvas().height }),
    canvasBox: () => canvas().getBoundingClientRect().toJSON(),
    paints: () => paints,
    pointers: () => pointers,
    regionMean,
  },
});
