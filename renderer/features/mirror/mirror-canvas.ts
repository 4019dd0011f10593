// The off-screen canvas the mirror plays into (the decoded stream's size), for what records that picture itself:
// a recording with the overlay burned in draws its frames from it. And whether anything shows that canvas: while
// the receipt debugger covers the console, painting the stream (a full-size YUV→RGB conversion per frame) would
// only take the CPU from the debugger's scrubbing, unless a recording still draws from it.
// Module-level: a canvas element and a painting switch with its holds, facts about the page, not console state.
let current: HTMLCanvasElement | null = null;
let hidden = false;
let holds = 0;
const listeners = new Set<() => void>();

export function mirrorCanvas(): HTMLCanvasElement | null {
  return current;
}

/** Keeps the mirror's canvas for recorders and hands it back (the mirror hook creates it once). */
export function keepMirrorCanvas(canvas: HTMLCanvasElement): HTMLCanvasElement {
  current = canvas;
  return canvas;
}

/** Whether decoded frames must be painted into the canvas now. */
export function mirrorPaintingWanted(): boolean {
  return !hidden || holds > 0;
}

/** The console (and with it the mirror) is covered, or shown again. */
export function setMirrorHidden(covered: boolean): void {
  if (covered === hidden) return;
  hidden = covered;
  listeners.forEach((l) => l());
}

/** Keeps the canvas painted while something draws from it even with the console covered; returns the release. */
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
