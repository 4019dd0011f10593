// Pinch geometry in device pixels.
// - span: normalized spans are measured against the short screen edge, span_px = span × short_edge / 1000;
//   pixel spans are used as given.
// - direction (cos θ, sin θ), θ = angle_degrees from +x, positive clockwise on screen (y grows downwards).
// - finger 0 at centre − span/2·dir, finger 1 at centre + span/2·dir, each rounded half up to a pixel.
// - over duration_ms, the span goes linearly from start to end and θ from angle to angle + rotation_degrees:
//   at time t, span = (s0·(D − t) + s1·t) / D and θ = angle + rotation·t / D.
// - samples: every PINCH_SAMPLE_MS from 0, plus duration_ms itself (16 ms ≈ one 60 Hz display frame, fine
//   enough that the straight segments between samples stay within a pixel or two of the arc).
import { cosDeg, sinDeg } from './angle';
import { NORMALIZED_MAX, normToPx } from './convert';
import { roundHalfUp } from './round';
import type { CoordinateSpace, ScreenSize } from './types';

export const PINCH_SAMPLE_MS = 16;

/** A pinch resolved to device pixels. */
export interface PinchPx {
  readonly cx: number;
  readonly cy: number;
  readonly startSpanPx: number;
  readonly endSpanPx: number;
  readonly angleDeg: number;
  readonly rotationDeg: number;
  readonly durationMs: number;
}

export function pinchSpanToPx(span: number, space: CoordinateSpace, screen: ScreenSize): number {
  return space === 'pixel' ? span : (span * Math.min(screen.width, screen.height)) / NORMALIZED_MAX;
}

/** The contract span (an integer) for a length in device pixels: the inverse of pinchSpanToPx, rounded half up. */
export function pxToPinchSpan(px: number, space: CoordinateSpace, screen: ScreenSize): number {
  return roundHalfUp(space === 'pixel' ? px : (px * NORMALIZED_MAX) / Math.min(screen.width, screen.height));
}

/** Number of samples: 0, P, 2P, … below durationMs, then durationMs (durationMs ≥ 1). */
export function pinchSampleCount(durationMs: number, periodMs: number = PINCH_SAMPLE_MS): number {
  return Math.floor((durationMs - 1) / periodMs) + 2;
}

export function pinchSampleTime(i: number, durationMs: number, periodMs: number = PINCH_SAMPLE_MS): number {
  return Math.min(i * periodMs, durationMs);
}

/** Writes [x0, y0, x1, y1] (rounded device pixels) of both fingers at time t into `out`; no allocation. */
export function pinchFingersAt(p: PinchPx, t: number, out: number[] | Float64Array): void {
  const d = p.durationMs;
  const span = (p.startSpanPx * (d - t) + p.endSpanPx * t) / d;
  const theta = p.angleDeg + (p.rotationDeg * t) / d;
  const hx = (span / 2) * cosDeg(theta);
  const hy = (span / 2) * sinDeg(theta);
  out[0] = roundHalfUp(p.cx - hx);
  out[1] = roundHalfUp(p.cy - hy);
  out[2] = roundHalfUp(p.cx + hx);
  out[3] = roundHalfUp(p.cy + hy);
}

/** The pinch arguments of the contract (tool or sequence member), defaults filled. */
export interface PinchSpec {
  readonly center: readonly [number, number];
  readonly start_span: number;
  readonly end_span: number;
  readonly angle_degrees: number;
  readonly rotation_degrees: number;
  readonly duration_ms: number;
  readonly coordinate_space: CoordinateSpace;
}

/**
 * Resolves a pinch to device pixels; the centre is a point and converts with the normalized → pixel rule.
 * A normalized pinch needs the screen (its span is measured against the short edge): null without one.
 */
export function resolvePinch(spec: PinchSpec, screen: ScreenSize | undefined): PinchPx | null {
  const pixel = spec.coordinate_space === 'pixel';
  if (!pixel && screen === undefined) return null;
  return {
    cx: screen === undefined || pixel ? spec.center[0] : normToPx(spec.center[0], screen.width),
    cy: screen === undefined || pixel ? spec.center[1] : normToPx(spec.center[1], screen.height),
    startSpanPx: screen === undefined ? spec.start_span : pinchSpanToPx(spec.start_span, spec.coordinate_space, screen),
    endSpanPx: screen === undefined ? spec.end_span : pinchSpanToPx(spec.end_span, spec.coordinate_space, screen),
    angleDeg: spec.angle_degrees,
    rotationDeg: spec.rotation_degrees,
    durationMs: spec.duration_ms,
  };
}
