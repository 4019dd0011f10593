// Camera moves on the stage: fit (`0`), one device pixel per screen pixel (`1`), zoom by a factor around a
// stage point (Ctrl+wheel, pinch), pan (Space-drag). The camera lives in the stage slice; null means "fit".
import {
  fitCamera,
  panBy,
  zoomAt,
  zoomForPercent,
  type Camera,
  type ScreenSize,
  type StagePoint,
  type Viewport,
} from '../../shared/geometry';
import { useStore } from '../app/store';
import { FIT_MARGIN_PX, STAGE_INSETS } from './stage-frame';

export const dpr = () => window.devicePixelRatio || 1;

/** The picture fitted between the stage's rails (stage-frame.ts): it gets the stage's full height. */
export function fittedCamera(viewport: Viewport, screen: ScreenSize): Camera {
  return fitCamera(viewport, screen, FIT_MARGIN_PX, STAGE_INSETS);
}

/** The camera in use: the stored one, or (null) the fitted one. */
export function effectiveCamera(camera: Camera | null, viewport: Viewport, screen: ScreenSize): Camera {
  return camera ?? fittedCamera(viewport, screen);
}

/** The lowest zoom: a quarter of the fit, so the picture can be made small but never vanish. */
export function minZoom(viewport: Viewport, screen: ScreenSize): number {
  return effectiveCamera(null, viewport, screen).zoom / 4;
}

export function zoomBy(factor: number, anchor: StagePoint, viewport: Viewport, screen: ScreenSize): void {
  const s = useStore.getState();
  const c = effectiveCamera(s.camera, viewport, screen);
  s.setCamera(zoomAt(c, anchor, c.zoom * factor, dpr(), minZoom(viewport, screen)));
}

export function zoomToPercent(percent: number, anchor: StagePoint, viewport: Viewport, screen: ScreenSize): void {
  const s = useStore.getState();
  const c = effectiveCamera(s.camera, viewport, screen);
  s.setCamera(zoomAt(c, anchor, zoomForPercent(percent, dpr()), dpr(), minZoom(viewport, screen)));
}

export function pan(dx: number, dy: number, viewport: Viewport, screen: ScreenSize): void {
  const s = useStore.getState();
  s.setCamera(panBy(effectiveCamera(s.camera, viewport, screen), dx, dy));
}

export function fit(): void {
  useStore.getState().setCamera(null);
}
