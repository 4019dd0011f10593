// Runs inside Chromium for the overlay benchmark (bundled by overlay.bench.ts): the stage's overlay layers as
// the console draws them — a Konva stage at the given pixel ratio, the node-tree model in device pixels and
// the product's drawing (buildPaths + drawBoxes, HighlightPainter on a layer not cleared before drawing) through a camera — timing one hover (hit-test through
// the camera + highlight layer redraw) per simulated pointer move, and `samples` full redraws of every box.
import Konva from 'konva';
import {
  cameraView,
  fitCamera,
  stagePoint,
  stageToDevice,
  zoomAt,
  zoomForPercent,
  type Camera,
} from '../../shared/geometry';
import type { Observation } from '../../shared/ipc';
import { DEFAULT_FILTERS } from '../../renderer/features/node-tree/overlay-model';
import { overlayModel } from '../../renderer/features/node-tree/hit-test';
import { HighlightPainter, buildPaths, drawBoxes } from '../../renderer/features/node-tree/overlay-renderer';

export interface OverlayBenchResult {
  nodes: number;
  shown: number;
  build_ms: number;
  zoom_percent: number;
  /** the boxes layer: paths built for the camera, every box stroked and rasterized (per observation, filter or camera change) */
  base_ms: number[];
  /** boxes inside the viewport (the others are culled) */
  drawn: number;
  /** reference: the same paths stroked into a plain 2D canvas of the same size (what the stage's layer adds) */
  plain_ms: number[];
  /** hit-test alone, per move */
  hit_ms: number[];
  /** hit-test + highlight layer redraw + a pixel read that forces the layer to rasterize, per move */
  hover_flushed_ms: number[];
}

export type CameraCase = 'fit' | 'zoomed out' | 'zoomed in 400 %';

function run(
  observation: Observation,
  moves: number,
  samples: number,
  size: { width: number; height: number; dpr: number },
  which: CameraCase,
): OverlayBenchResult {
  Konva.pixelRatio = size.dpr;
  const container = document.createElement('div');
  document.body.appendChild(container);
  const stage = new Konva.Stage({ container, width: size.width, height: size.height, listening: false });
  const t0 = performance.now();
  const model = overlayModel(observation, DEFAULT_FILTERS)!;
  const build_ms = performance.now() - t0;
  const fit = fitCamera(size, observation.screen);
  const centre = stagePoint(size.width / 2, size.height / 2);
  const camera: Camera =
    which === 'fit'
      ? fit
      : which === 'zoomed out'
        ? zoomAt(fit, centre, fit.zoom / 2, size.dpr, fit.zoom / 4)
        : zoomAt(fit, centre, zoomForPercent(400, size.dpr), size.dpr, fit.zoom / 4);
  const view = cameraView(camera, observation.screen);
  let hovered = -1;
  let selected = -1;
  let paths = buildPaths(model.index, camera, size);
  const boxes = new Konva.Layer({ listening: false });
  boxes.add(
    new Konva.Shape({
      listening: false,
      perfectDrawEnabled: false,
      sceneFunc: (ctx) => drawBoxes(ctx._context, paths),
    }),
  );
  const painter = new HighlightPainter(model.index, camera);
  const highlight = new Konva.Layer({ listening: false, clearBeforeDraw: false });
  highlight.add(
    new Konva.Shape({
      listening: false,
      perfectDrawEnabled: false,
      sceneFunc: (ctx) => painter.paint(ctx._context, hovered, selected),
    }),
  );
  stage.add(boxes, highlight);
  const flush = (layer: Konva.Layer) => layer.getContext()._context.getImageData(0, 0, 1, 1);
  const base_ms: number[] = [];
  for (let i = 0; i < samples; i++) {
    const a = performance.now();
    paths = buildPaths(model.index, camera, size);
    boxes.draw();
    flush(boxes);
    base_ms.push(performance.now() - a);
  }
  const plain = document.createElement('canvas');
  plain.width = size.width * size.dpr;
  plain.height = size.height * size.dpr;
  document.body.appendChild(plain);
  const pctx = plain.getContext('2d')!;
  const plain_ms: number[] = [];
  for (let i = 0; i < samples; i++) {
    const a = performance.now();
    paths = buildPaths(model.index, camera, size);
    pctx.setTransform(1, 0, 0, 1, 0, 0);
    pctx.clearRect(0, 0, plain.width, plain.height);
    pctx.setTransform(size.dpr, 0, 0, size.dpr, 0, 0);
    drawBoxes(pctx, paths);
    pctx.getImageData(0, 0, 1, 1);
    plain_ms.push(performance.now() - a);
  }
  plain.remove();
  const hit_ms: number[] = [];
  const hover_flushed_ms: number[] = [];
  // A deterministic zig-zag sweep over the whole stage, like a mouse crossing the grid.
  const point = (i: number) => stagePoint((i * 7.3) % size.width, (i * 3.1 + Math.floor(i / 97) * 11) % size.height);
  for (let i = 0; i < moves; i++) {
    const a = performance.now();
    const d = stageToDevice(point(i), view);
    hovered = model.index.hitTest(d.x, d.y);
    const b = performance.now();
    if (i % 50 === 0) selected = hovered;
    highlight.draw();
    flush(highlight);
    hit_ms.push(b - a);
    hover_flushed_ms.push(performance.now() - a);
  }
  stage.destroy();
  container.remove();
  return {
    nodes: observation.nodes.length,
    shown: model.index.shown.length,
    drawn: paths.drawn,
    plain_ms,
    build_ms,
    zoom_percent: camera.zoom * size.dpr * 100,
    base_ms,
    hit_ms,
    hover_flushed_ms,
  };
}

(globalThis as { runOverlayBench?: typeof run }).runOverlayBench = run;
export type RunOverlayBench = typeof run;
