// The overlay's index for the current observation and filters, in device pixels (one per observation and
// filter change, cached), and the hit-test every tool uses: the node under a device pixel.
import { devicePx, stagePx, type DevicePoint, type StageView } from '../../../shared/geometry';
import type { Observation } from '../../../shared/ipc';
import { useStore } from '../../app/store';
import { OverlayIndex, occlusion, visibleNodes, windowLayers, type OverlayFilters } from './overlay-model';

export interface OverlayModel {
  /** The shown nodes' boxes in device pixels, and the hit-test over them. */
  index: OverlayIndex;
}

let cached: { observation: Observation; filters: OverlayFilters; model: OverlayModel } | null = null;

/** Identity view: the index's "stage" is the device screen itself, so rects and hit-tests are device pixels. */
export function deviceView(screen: { width: number; height: number }): StageView {
  return {
    picture: { left: stagePx(0), top: stagePx(0), right: stagePx(screen.width), bottom: stagePx(screen.height) },
    screen,
  };
}

export function overlayModel(observation: Observation | null, filters: OverlayFilters): OverlayModel | null {
  if (!observation) return null;
  if (cached && cached.observation === observation && cached.filters === filters) return cached.model;
  const layers = windowLayers(observation.nodes);
  const index = new OverlayIndex(
    observation.nodes,
    visibleNodes(observation.nodes, occlusion(observation.nodes, layers, observation.windows), filters),
    deviceView(observation.screen),
  );
  const model = { index };
  cached = { observation, filters, model };
  return model;
}

export function hitTestDevice(p: DevicePoint): number {
  const s = useStore.getState();
  const model = overlayModel(s.observation, s.filters);
  return model ? model.index.hitTest(devicePx(p.x), devicePx(p.y)) : -1;
}
