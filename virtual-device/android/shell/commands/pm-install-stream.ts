// `pm install -S SIZE` (and `cmd package install -S SIZE`): the APK arrives on stdin, which is how
// `adb install` sends it once the device advertises `cmd`/`abb_exec` (adb's streamed install).

/** The byte count after `-S`, or null when the install names a file instead. */
export function streamedSize(argv: readonly string[]): number | null {
  const at = argv.indexOf('-S');
  if (at < 0) return null;
  const size = Number(argv[at + 1]);
  return Number.isSafeInteger(size) && size >= 0 ? size : null;
}

/** Reads exactly `size` bytes (fewer if stdin ends first): the host keeps the stream open for the result. */
export async function readExactly(stdin: AsyncIterable<Uint8Array>, size: number): Promise<Uint8Array> {
  const out = new Uint8Array(size);
  let filled = 0;
  if (size === 0) return out;
  for await (const chunk of stdin) {
    const take = Math.min(chunk.length, size - filled);
    out.set(chunk.subarray(0, take), filled);
    filled += take;
    if (filled === size) break;
  }
  return out.subarray(0, filled);
}
