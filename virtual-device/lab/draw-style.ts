// Colours and fonts of the lab's look (Material-like indigo theme).
import { GlobalFonts } from '@napi-rs/canvas';
import { existsSync } from 'node:fs';

export const C = {
  statusBar: '#1A237E',
  primary: '#3F51B5',
  primaryLight: '#9FA8DA',
  primaryTint: '#E8EAF6',
  accent: '#00897B',
  background: '#F4F5FA',
  surface: '#FFFFFF',
  text: '#212121',
  textSecondary: '#616161',
  hint: '#9E9E9E',
  divider: '#E0E0E0',
  timelineBg: '#263238',
  timelineTick: '#90A4AE',
  timelineLabel: '#ECEFF1',
  timelineBand: '#4DB6AC',
  indicator: '#FF5252',
  overlay: '#FFC107',
  switchOff: '#BDBDBD',
  white: '#FFFFFF',
} as const;

const FONT_DIR = '/usr/share/fonts/truetype/dejavu';
let registered = false;

/** Registers DejaVu (when installed) once; falls back to the platform's sans-serif otherwise. */
export function ensureFonts(): void {
  if (registered) return;
  registered = true;
  for (const [file, alias] of [
    ['DejaVuSans.ttf', 'DejaVu Sans'],
    ['DejaVuSans-Bold.ttf', 'DejaVu Sans'],
    ['DejaVuSansMono.ttf', 'DejaVu Sans Mono'],
  ] as const) {
    const path = `${FONT_DIR}/${file}`;
    if (existsSync(path)) GlobalFonts.registerFromPath(path, alias);
  }
}

export const font = (px: number, opts: { bold?: boolean; mono?: boolean } = {}): string =>
  `${opts.bold ? 'bold ' : ''}${Math.max(1, Math.round(px))}px ${opts.mono ? '"DejaVu Sans Mono", monospace' : '"DejaVu Sans", sans-serif'}`;
