// Runs inside Chromium for the overlay benchmark (bundled by overlay.bench.ts): the console's own overlay model
// and canvas renderer over an observation, timing one hover — hit-test + redraw — per simulated pointer move.
import { stagePx } from '../../shared/geometry';
import type { Observation } from '../../shared/ipc';
import { OverlayIndex, DEFAULT_FILTERS, occlusion, visibleNodes, windowLayers } from '../../renderer/features/node-tree/overlay-model';
import { HighlightPainter, buildPaths, drawBase } from '../../renderer/features/node-tree/overlay-renderer';

export interface OverlayBenchResult {
  nodes: number;
  shown: number;
  build_ms: number;
  /** the base canvas: every box stroked and rasterized (once per observation, filter or resize) */
  base_ms: number[];
  /** hit-test alone, per move */
  hit_ms: number[];
  /** hit-test + highlight redraw commands, per move */
  hover_ms: number[];
  /** hit-test + highlight redraw + a pixel read that forces the canvas to rasterize, per move */
  hover_flushed_ms: number[];
}

function canvas2d(size: { width: number; height: number; dpr: number }): CanvasRenderingContext2D {
  const canvas = document.createElement('canvas');
  canvas.width = size.width * size.dpr;
  canvas.height = size.height * size.dpr;
  document.body.appendChild(canvas);
  return canvas.getContext('2d')!;
}

function run(observation: Observation, moves: number, size: { width: number; height: number; dpr: number }): OverlayBenchResult {
  const base = canvas2d(size);
  const ctx = canvas2d(size);
  const t0 = performance.now();
  const view = { picture: { left: stagePx(0), top: stagePx(0), right: stagePx(size.width), bottom: stagePx(size.height) }, screen: observation.screen };
  const layers = windowLayers(observation.nodes);
  const index = new OverlayIndex(observation.nodes, visibleNodes(observation.nodes, occlusion(observation.nodes, layers), DEFAULT_FILTERS), view);
  const paths = buildPaths(index);
  const build_ms = performance.now() - t0;
  const base_ms: number[] = [];
  for (let i = 0; i < 20; i++) {
    const a = performance.now();
    drawBase(base, size, paths);
    base.getImageData(0, 0, 1, 1);
    base_ms.push(performance.now() - a);
  }
  const painter = new HighlightPainter(ctx, size);
  const hit_ms: number[] = [];
  const hover_ms: number[] = [];
  const hover_flushed_ms: number[] = [];
  // A deterministic zig-zag sweep over the whole picture, like a mouse crossing the grid.
  const point = (i: number) => ({ x: ((i * 7.3) % size.width), y: ((i * 3.1 + Math.floor(i / 97) * 11) % size.height) });
  let selected = -1;
  for (let i = 0; i < moves; i++) {
    const p = point(i);
    const a = performance.now();
    const hovered = index.hitTest(p.x, p.y);
    const b = performance.now();
    if (i % 50 === 0) selected = hovered;
    painter.paint(index, hovered, selected);
    const c = performance.now();
    ctx.getImageData(0, 0, 1, 1);
    const d = performance.now();
    hit_ms.push(b - a);
    hover_ms.push(c - a);
    hover_flushed_ms.push(d - a);
  }
  base.canvas.remove();
  ctx.canvas.remove();
  return { nodes: observation.nodes.length, shown: index.shown.length, build_ms, base_ms, hit_ms, hover_ms, hover_flushed_ms };
}

(globalThis as { runOverlayBench?: typeof run }).runOverlayBench = run;
