// The gesture editor's surfaces: the gesture painted on the stage, the timeline in the dock, arrow-key nudges.
import type { ToolSurface } from '../surface';
import { GestureLayer } from './GestureLayer';
import { GestureTimeline } from './Timeline';
import { useGestureKeys } from './use-gesture-keys';

export const gestureSurface: ToolSurface = {
  Layer: GestureLayer,
  title: 'Gesture',
  Panel: GestureTimeline,
  useKeys: useGestureKeys,
  cursor: 'crosshair',
};
