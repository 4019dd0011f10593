// The overlay model of the current observation, filters and picture size, rebuilt only when one of them changes.
import { useMemo } from 'react';
import { stagePx, type StageView } from '../../../shared/geometry';
import { useStore } from '../../app/store';
import { OverlayIndex, occlusion, visibleNodes, windowLayers } from './overlay-model';
import { buildPaths } from './overlay-renderer';

export function useOverlayIndex(width: number, height: number) {
  const observation = useStore((s) => s.observation);
  const filters = useStore((s) => s.filters);
  return useMemo(() => {
    if (!observation) return null;
    const view: StageView = {
      picture: { left: stagePx(0), top: stagePx(0), right: stagePx(width), bottom: stagePx(height) },
      screen: observation.screen,
    };
    const layers = windowLayers(observation.nodes);
    const occluded = occlusion(observation.nodes, layers);
    const index = new OverlayIndex(observation.nodes, visibleNodes(observation.nodes, occluded, filters), view);
    return { index, paths: buildPaths(index), view };
  }, [observation, filters, width, height]);
}
