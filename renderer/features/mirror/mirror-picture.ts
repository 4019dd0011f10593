// The mirror's picture as the stage draws it, for what draws it too: a recording with the overlay burned in,
// freezing the stage, the change detector. While streaming it is the newest decoded VideoFrame itself (painted
// onto the stage without an intermediate canvas), so it is valid only until the next frame replaces it: draw
// it at once, never keep it. While polling it is the canvas the screenshots land in.
// And whether anything shows the picture: while the receipt debugger covers the console, painting the stream
// would only take the CPU from the debugger's scrubbing, unless a recording still draws from it.
export interface MirrorPicture {
  /** The newest picture, or null before the first; draw it now (a VideoFrame is closed when the next arrives). */
  image(): CanvasImageSource | null;
  /** Its size in pixels (the stream's, which may be smaller than the device's screen); 0×0 before the first. */
  size(): { width: number; height: number };
}

let current: MirrorPicture | null = null;
let hidden = false;
let holds = 0;
const listeners = new Set<() => void>();

export function mirrorPicture(): MirrorPicture | null {
  return current;
}

/** The mirror hook publishes its picture for recorders and hands it back. */
export function keepMirrorPicture(picture: MirrorPicture): MirrorPicture {
  current = picture;
  return picture;
}

/** Draws the picture scaled into a new canvas of `size` (default its own size); null before the first picture. */
export function copyMirrorPicture(picture: MirrorPicture, size = picture.size()): HTMLCanvasElement | null {
  const image = picture.image();
  if (!image || size.width === 0) return null;
  const copy = document.createElement('canvas');
  copy.width = size.width;
  copy.height = size.height;
  copy.getContext('2d')!.drawImage(image, 0, 0, size.width, size.height);
  return copy;
}

/** Whether decoded frames must be painted now. */
export function mirrorPaintingWanted(): boolean {
  return !hidden || holds > 0;
}

/** The console (and with it the mirror) is covered, or shown again. */
export function setMirrorHidden(covered: boolean): void {
  if (covered === hidden) return;
  hidden = covered;
  listeners.forEach((l) => l());
}

/** Keeps the picture painted while something draws from it even with the console covered; returns the release. */
export function holdMirrorPainting(): () => void {
  holds++;
  listeners.forEach((l) => l());
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
    listeners.forEach((l) => l());
  };
}

export function onMirrorPaintingWanted(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
