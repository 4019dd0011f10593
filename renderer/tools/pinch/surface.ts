// The pinch tool's surfaces: the pinch and its handles on the stage, its arguments in the dock.
import type { ToolSurface } from '../surface';
import { PinchLayer } from './PinchLayer';
import { PinchPanel } from './PinchPanel';

export const pinchSurface: ToolSurface = { Layer: PinchLayer, title: 'Pinch', Panel: PinchPanel, cursor: 'crosshair' };
