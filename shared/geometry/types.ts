// Branded coordinate types. Three spaces never mix: device display pixels (what Android receives),
// normalized 0..1000 (the action contract's default space), and stage pixels (where the renderer draws the
// device picture). Values are branded so a number of one space cannot be passed where another is expected;
// the constructors below are the one way to brand, and shared/geometry is the one place that converts.

declare const space: unique symbol;
type Branded<S extends string> = number & { readonly [space]: S };

/** A device display pixel coordinate (integer when dispatched; exact fractions only inside calculations). */
export type DevicePx = Branded<'device'>;
/** A normalized coordinate: 0..1000 is on screen, anything else is off-screen. */
export type Normalized = Branded<'normalized'>;
/** A renderer stage pixel (CSS/canvas pixel of the stage the device picture is drawn on). */
export type StagePx = Branded<'stage'>;

export interface Point<C extends number> {
  readonly x: C;
  readonly y: C;
}
/** Axis-aligned rectangle; `right` and `bottom` are exclusive. */
export interface Rect<C extends number> {
  readonly left: C;
  readonly top: C;
  readonly right: C;
  readonly bottom: C;
}

export type DevicePoint = Point<DevicePx>;
export type NormPoint = Point<Normalized>;
export type StagePoint = Point<StagePx>;
export type DeviceRect = Rect<DevicePx>;
export type StageRect = Rect<StagePx>;

/** The device screen in display pixels, as reported by the device (both ≥ 1). */
export interface ScreenSize {
  readonly width: number;
  readonly height: number;
}

export type CoordinateSpace = 'normalized' | 'pixel';

export const devicePx = (v: number): DevicePx => v as DevicePx;
export const normalized = (v: number): Normalized => v as Normalized;
export const stagePx = (v: number): StagePx => v as StagePx;

export const devicePoint = (x: number, y: number): DevicePoint => ({ x: devicePx(x), y: devicePx(y) });
export const normPoint = (x: number, y: number): NormPoint => ({ x: normalized(x), y: normalized(y) });
export const stagePoint = (x: number, y: number): StagePoint => ({ x: stagePx(x), y: stagePx(y) });
