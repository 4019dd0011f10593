// Names of saved files (screenshots, recordings, pulls): pure, so main names what it saves and the renderer names
// what it composes (a screenshot or recording with the overlay drawn on) the same way.

/** A file name from parts (model, serial, time…): unsafe characters become "_". */
export function exportName(parts: string[], ext: string): string {
  return `${parts
    .map((p) => p.replace(/[^A-Za-z0-9.-]+/g, '_').replace(/^_+|_+$/g, ''))
    .filter((p) => p !== '')
    .join('_')}.${ext}`;
}

/** UTC time as 20261201-091500 (sorts by time, valid on every file system). */
export function fileTime(ms: number): string {
  return new Date(ms).toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
}

/** The overlay variant of a saved file's name: `_overlay` before the extension. */
export function overlayName(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? `${name}_overlay` : `${name.slice(0, dot)}_overlay${name.slice(dot)}`;
}

/** What a file composed in the renderer with the overlay on may be called (checked by main before it writes). */
export const OVERLAY_FILE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,200}_overlay\.(png|mp4)$/;
