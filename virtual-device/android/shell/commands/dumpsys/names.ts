// How system_server names things in its dumps: object hash codes, Surface.rotationToString, short components.

/** A stable Object.hashCode-like hex token per id, so a window keeps its name between dumps. */
export const token = (id: number): string => (0x5a3c10 + id * 0x1f2b).toString(16);

/** Surface.rotationToString. */
export const rotationName = (rotation: number): string =>
  ['ROTATION_0', 'ROTATION_90', 'ROTATION_180', 'ROTATION_270'][rotation] ?? String(rotation);

/** android.graphics.Rect.toString. */
export const rectString = (r: { left: number; top: number; right: number; bottom: number }): string =>
  `Rect(${r.left}, ${r.top} - ${r.right}, ${r.bottom})`;

/** Display.stateToString for the two states the virtual panel has. */
export const displayState = (on: boolean): string => (on ? 'ON' : 'OFF');

/** The built-in panel's identity: SurfaceFlinger's physical display id and the port of its connector. */
export const PANEL = {
  name: 'Built-in Screen',
  uniqueId: 'local:4619827259835644672',
  port: 0,
  model: '0x401cec6a7a2b7b',
  fps: '60.0',
} as const;
