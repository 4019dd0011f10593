// UTF-8 through the WHATWG TextEncoder/TextDecoder, which every runtime Tactile targets has (Node, Electron,
// browsers) but TypeScript's ES lib does not declare; reached through globalThis so shared/ keeps no DOM types.
interface Utf8Globals {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new (
    label: 'utf-8',
    options: { fatal: boolean; ignoreBOM: boolean },
  ) => {
    decode(bytes: Uint8Array): string;
  };
}

const globals = globalThis as unknown as Utf8Globals;
const encoder = new globals.TextEncoder();
// fatal: malformed UTF-8 is an error, never silently replaced; ignoreBOM: a leading U+FEFF is kept as data.
const decoder = new globals.TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export function encodeUtf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/** Throws a TypeError on malformed UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
