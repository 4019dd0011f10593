// The one quoting of a word for Android's sh (mksh): wrapped in '…', each ' written as '\'' — the way adb
// itself quotes `adb shell` arguments. Host code that builds device command lines and the virtual device's
// adb server both use it, so what the console sends and what the simulated phone parses agree.

/** One word for the device's sh: paths, package names and text may hold spaces and quotes. */
export function shQuote(word: string): string {
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
