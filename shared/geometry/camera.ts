// The stage camera: the device picture is drawn at `zoom` stage (CSS) pixels per device pixel with the
// picture's top-left corner at (x, y) in stage pixels. The stage↔device transform is the camera's picture
// rectangle fed to stage.ts (stageToDevice / deviceToStage), so every pointer goes through one conversion.
// Zoom is shown in percent of *screen* pixels: 100 % is one device pixel per physical screen pixel, i.e.
// zoom = 1 / devicePixelRatio. Zoom limits bound the camera, never a coordinate.
import type { StageView } from './stage';
import { stagePx, type ScreenSize, type StagePoint, type StagePx } from './types';

export interface Camera {
  /** Stage pixels per device pixel. */
  readonly zoom: number;
  readonly x: StagePx;
  readonly y: StagePx;
}

export interface Viewport {
  readonly width: number;
  readonly height: number;
}

/** The highest zoom: 800 % (eight screen pixels per device pixel). */
export const MAX_ZOOM_PERCENT = 800;

export function cameraView(camera: Camera, screen: ScreenSize): StageView {
  return {
    screen,
    picture: {
      left: camera.x,
      top: camera.y,
      right: stagePx(camera.x + screen.width * camera.zoom),
      bottom: stagePx(camera.y + screen.height * camera.zoom),
    },
  };
}

/** Stage pixels kept free along each edge of the viewport (the stage's floating rails). */
export interface Insets {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

export const NO_INSETS: Insets = { left: 0, right: 0, top: 0, bottom: 0 };

/**
 * The whole picture centred in the viewport less its insets, `margin` stage pixels from the nearer edges of
 * that area: what floats in the insets (the stage's rails) never covers the fitted picture.
 */
export function fitCamera(viewport: Viewport, screen: ScreenSize, margin = 16, insets: Insets = NO_INSETS): Camera {
  const width = viewport.width - insets.left - insets.right;
  const height = viewport.height - insets.top - insets.bottom;
  // A viewport too small for the picture still gets a positive zoom (a camera needs one), far below any
  // area that has room, so a fitted picture never spills over the rails.
  const zoom = Math.max(1e-6, Math.min((width - margin * 2) / screen.width, (height - margin * 2) / screen.height));
  return {
    zoom,
    x: stagePx(insets.left + (width - screen.width * zoom) / 2),
    y: stagePx(insets.top + (height - screen.height * zoom) / 2),
  };
}

export function zoomPercent(zoom: number, devicePixelRatio: number): number {
  return zoom * devicePixelRatio * 100;
}

export function zoomForPercent(percent: number, devicePixelRatio: number): number {
  return percent / 100 / devicePixelRatio;
}

/**
 * Zooms to `zoom` (bounded by `minZoom` and 800 %) keeping the device point under `anchor` where it is.
 */
export function zoomAt(
  camera: Camera,
  anchor: StagePoint,
  zoom: number,
  devicePixelRatio: number,
  minZoom: number,
): Camera {
  const next = Math.min(zoomForPercent(MAX_ZOOM_PERCENT, devicePixelRatio), Math.max(minZoom, zoom));
  const k = next / camera.zoom;
  return {
    zoom: next,
    x: stagePx(anchor.x - (anchor.x - camera.x) * k),
    y: stagePx(anchor.y - (anchor.y - camera.y) * k),
  };
}

export function panBy(camera: Camera, dx: number, dy: number): Camera {
  return { zoom: camera.zoom, x: stagePx(camera.x + dx), y: stagePx(camera.y + dy) };
}

/**
 * A two-finger pinch step: zooms by the change of the fingers' distance around their old midpoint, then pans
 * by the midpoint's movement, so the device points under the fingers follow them.
 */
export function pinchCamera(
  camera: Camera,
  before: readonly [StagePoint, StagePoint],
  after: readonly [StagePoint, StagePoint],
  devicePixelRatio: number,
  minZoom: number,
): Camera {
  const dist = (p: readonly [StagePoint, StagePoint]) => Math.hypot(p[1].x - p[0].x, p[1].y - p[0].y);
  const mid = (p: readonly [StagePoint, StagePoint]) => ({ x: (p[0].x + p[1].x) / 2, y: (p[0].y + p[1].y) / 2 });
  const d0 = dist(before);
  const m0 = mid(before);
  const m1 = mid(after);
  const zoomed =
    d0 > 0
      ? zoomAt(
          camera,
          { x: stagePx(m0.x), y: stagePx(m0.y) },
          (camera.zoom * dist(after)) / d0,
          devicePixelRatio,
          minZoom,
        )
      : camera;
  return panBy(zoomed, m1.x - m0.x, m1.y - m0.y);
}
