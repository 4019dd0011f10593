// Android's KeyEvent codes by name (KEYCODE_<NAME>), its meta-state flags, and the virtual keyboard's character
// map (KeyCharacterMap.VIRTUAL_KEYBOARD: what `input text` and scrcpy's INJECT_TEXT can type). The one table of
// them: the executor's key tools, the console's typing and the virtual device all read it.

export const KEYCODES = {
  UNKNOWN: 0,
  SOFT_LEFT: 1,
  SOFT_RIGHT: 2,
  HOME: 3,
  BACK: 4,
  CALL: 5,
  ENDCALL: 6,
  0: 7,
  1: 8,
  2: 9,
  3: 10,
  4: 11,
  5: 12,
  6: 13,
  7: 14,
  8: 15,
  9: 16,
  STAR: 17,
  POUND: 18,
  DPAD_UP: 19,
  DPAD_DOWN: 20,
  DPAD_LEFT: 21,
  DPAD_RIGHT: 22,
  DPAD_CENTER: 23,
  VOLUME_UP: 24,
  VOLUME_DOWN: 25,
  POWER: 26,
  CAMERA: 27,
  CLEAR: 28,
  A: 29,
  B: 30,
  C: 31,
  D: 32,
  E: 33,
  F: 34,
  G: 35,
  H: 36,
  I: 37,
  J: 38,
  K: 39,
  L: 40,
  M: 41,
  N: 42,
  O: 43,
  P: 44,
  Q: 45,
  R: 46,
  S: 47,
  T: 48,
  U: 49,
  V: 50,
  W: 51,
  X: 52,
  Y: 53,
  Z: 54,
  COMMA: 55,
  PERIOD: 56,
  ALT_LEFT: 57,
  ALT_RIGHT: 58,
  SHIFT_LEFT: 59,
  SHIFT_RIGHT: 60,
  TAB: 61,
  SPACE: 62,
  EXPLORER: 64,
  ENVELOPE: 65,
  ENTER: 66,
  DEL: 67,
  GRAVE: 68,
  MINUS: 69,
  EQUALS: 70,
  LEFT_BRACKET: 71,
  RIGHT_BRACKET: 72,
  BACKSLASH: 73,
  SEMICOLON: 74,
  APOSTROPHE: 75,
  SLASH: 76,
  AT: 77,
  PLUS: 81,
  MENU: 82,
  NOTIFICATION: 83,
  SEARCH: 84,
  MEDIA_PLAY_PAUSE: 85,
  MEDIA_STOP: 86,
  MEDIA_NEXT: 87,
  MEDIA_PREVIOUS: 88,
  PAGE_UP: 92,
  PAGE_DOWN: 93,
  ESCAPE: 111,
  FORWARD_DEL: 112,
  CTRL_LEFT: 113,
  CTRL_RIGHT: 114,
  MOVE_HOME: 122,
  MOVE_END: 123,
  MEDIA_PLAY: 126,
  MEDIA_PAUSE: 127,
  NUMPAD_ENTER: 160,
  APP_SWITCH: 187,
  SLEEP: 223,
  WAKEUP: 224,
  CUT: 277,
  COPY: 278,
  PASTE: 279,
} as const;

/** A KEYCODE_ name without its prefix ("HOME", "DPAD_LEFT", "7"). */
export type KeyName = `${keyof typeof KEYCODES}`;

const byName: Readonly<Record<string, number>> = KEYCODES;

/** The code of KEYCODE_<name>, or undefined for a name the table lacks (KeyEvent.keyCodeFromString's lookup). */
export const keycodeOf = (name: string): number | undefined => byName[name];

/** The code of KEYCODE_<name>; throws for a name the table lacks (a programming error, not input). */
export function keycode(name: string): number {
  const code = byName[name];
  if (code === undefined) throw new RangeError(`no KEYCODE_${name} in the table`);
  return code;
}

/** KeyEvent.META_SHIFT_ON | META_SHIFT_LEFT_ON and META_CTRL_ON | META_CTRL_LEFT_ON: what a left modifier key sets. */
export const META_SHIFT = 0x1 | 0x40;
export const META_CTRL = 0x1000 | 0x2000;

const SHIFTED: Record<string, string> = {
  '!': '1',
  $: '4',
  '%': '5',
  '^': '6',
  '&': '7',
  '(': '9',
  ')': '0',
  _: '-',
  '{': '[',
  '}': ']',
  '|': '\\',
  ':': ';',
  '"': "'",
  '<': ',',
  '>': '.',
  '?': '/',
  '~': '`',
};
const PLAIN: Record<string, number> = {
  ' ': 62,
  '\n': 66,
  '\t': 61,
  '*': 17,
  '#': 18,
  '@': 77,
  '+': 81,
  ',': 55,
  '.': 56,
  '`': 68,
  '-': 69,
  '=': 70,
  '[': 71,
  ']': 72,
  '\\': 73,
  ';': 74,
  "'": 75,
  '/': 76,
};

export interface TypedKey {
  keyCode: number;
  shift: boolean;
  char: string;
}

/** The keys the virtual keyboard presses for `text`, or null if any character has no key (KeyCharacterMap.getEvents). */
export function keysForText(text: string): TypedKey[] | null {
  const keys: TypedKey[] = [];
  for (const ch of text) {
    if (/^[a-z]$/.test(ch)) keys.push({ keyCode: 29 + ch.charCodeAt(0) - 97, shift: false, char: ch });
    else if (/^[A-Z]$/.test(ch)) keys.push({ keyCode: 29 + ch.charCodeAt(0) - 65, shift: true, char: ch });
    else if (/^[0-9]$/.test(ch)) keys.push({ keyCode: 7 + Number(ch), shift: false, char: ch });
    else if (PLAIN[ch] !== undefined) keys.push({ keyCode: PLAIN[ch]!, shift: false, char: ch });
    else if (SHIFTED[ch] !== undefined) keys.push({ keyCode: baseKeyCode(SHIFTED[ch]!), shift: true, char: ch });
    else return null;
  }
  return keys;
}

function baseKeyCode(base: string): number {
  return /^[0-9]$/.test(base) ? 7 + Number(base) : PLAIN[base]!;
}
