// Round half up (towards +∞): 2.5 → 3, −2.5 → −2. Hand-written because Math.round's `floor(v + 0.5)` form
// misrounds 0.49999999999999994 to 1 and no library offers this one-liner; here the fraction is compared directly.
export function roundHalfUp(v: number): number {
  const f = Math.floor(v);
  return v - f >= 0.5 ? f + 1 : f;
}
