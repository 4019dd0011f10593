// The stream size the stage needs: the picture's longest side as drawn (CSS pixels, the camera's zoom
// included) times devicePixelRatio, as scrcpy's max_size. The server floors max_size to a multiple of 8, so it
// is rounded up to one; a stage that shows as many pixels as the device has (or more: zoomed in) asks for the
// full size (max_size 0). Pure.

/** scrcpy max_size for a picture drawn `shown` CSS px large at `dpr` of a `screen`-sized device (0 = full size). */
export function stageMaxSize(
  shown: { width: number; height: number },
  dpr: number,
  screen: { width: number; height: number },
): number {
  const device = Math.max(screen.width, screen.height);
  const needed = Math.ceil(Math.max(shown.width, shown.height) * dpr);
  if (needed <= 0) return 0;
  const rounded = Math.ceil(needed / 8) * 8;
  return rounded >= device ? 0 : rounded;
}

/** The longest side a max_size gives on a device whose longest side is `device`. */
function effective(maxSize: number, device: number): number {
  return maxSize === 0 || maxSize >= device ? device : maxSize;
}

/**
 * Whether a stream asked at `current` must be asked again at `wanted`: it is smaller than the stage needs
 * (resized or zoomed beyond it), or more than twice as large (a stage shrunk for good; within a factor of two
 * the extra pixels cost less than restarting the stream).
 */
export function needsRenegotiation(
  current: number,
  wanted: number,
  screen: { width: number; height: number },
): boolean {
  const device = Math.max(screen.width, screen.height);
  const have = effective(current, device);
  const want = effective(wanted, device);
  return want > have || want * 2 <= have;
}
