// The off-screen canvas the mirror plays into (the decoded stream's size), for what records that picture itself:
// a recording with the overlay burned in draws its frames from it.
let current: HTMLCanvasElement | null = null;

export function mirrorCanvas(): HTMLCanvasElement | null {
  return current;
}

/** Keeps the mirror's canvas for recorders and hands it back (the mirror hook creates it once). */
export function keepMirrorCanvas(canvas: HTMLCanvasElement): HTMLCanvasElement {
  current = canvas;
  return canvas;
}
