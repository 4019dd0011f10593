// Cosine and sine of an angle in degrees, exact at multiples of 30°. By Niven's theorem those are the only
// rational-degree angles with rational cos/sin (0, ±1/2, ±1), i.e. the only ones where a finger can land on an
// exact .5 pixel; computing them exactly keeps round-half-up from being flipped by trigonometric noise.
const HALF_SQRT3 = Math.sqrt(3) / 2;
// cos of k·30° for k = 0..11.
const COS30 = [1, HALF_SQRT3, 0.5, 0, -0.5, -HALF_SQRT3, -1, -HALF_SQRT3, -0.5, 0, 0.5, HALF_SQRT3] as const;

function table(deg: number, shift: number): number | undefined {
  const q = deg / 30; // exact for multiples of 30 (a float modulo is several times slower)
  if (q !== Math.floor(q)) return undefined;
  return COS30[(((q + shift) % 12) + 12) % 12];
}

export function cosDeg(deg: number): number {
  return table(deg, 0) ?? Math.cos((deg * Math.PI) / 180);
}

/** sin θ = cos(θ − 90°). */
export function sinDeg(deg: number): number {
  return table(deg, -3) ?? Math.sin((deg * Math.PI) / 180);
}
