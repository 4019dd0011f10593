// Turns electron-builder's failures to download a tool into one sentence naming the tool and how to provide it
// offline; anything else keeps its own first line (no stack: the user needs the cause, not our call chain).
const hints = [
  {
    test: /electron-v\d|electron\/releases|electron\.zip|ELECTRON_MIRROR|electron.*dist/i,
    say: "Electron's binary could not be downloaded. Provide an unpacked Electron of the version in package.json: set ELECTRON_OVERRIDE_DIST_PATH=/path/to/electron/dist (or `electronDist` in build/electron-builder.config.mjs), or set ELECTRON_MIRROR to a reachable mirror.",
  },
  {
    test: /fpm/i,
    say: 'fpm (used for deb) could not be downloaded or run. Install it (`gem install fpm`; Debian: `apt-get install ruby ruby-dev && gem install fpm`) and run again with USE_SYSTEM_FPM=true.',
  },
  {
    test: /appimage|electron-builder-binaries|ELECTRON_BUILDER_BINARIES_MIRROR/i,
    say: "electron-builder's AppImage tools could not be downloaded. Set ELECTRON_BUILDER_BINARIES_MIRROR to a reachable mirror, or build the tar.gz/deb targets instead.",
  },
];

const networkish = /ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|getaddrinfo|download|status code|socket hang up|ENETUNREACH/i;

/** One line for a packaging failure. */
export function explainPackagingError(error) {
  const text = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
  const firstLine = (error instanceof Error ? error.message : String(error)).split('\n')[0];
  for (const hint of hints) if (hint.test.test(text) && (networkish.test(text) || /not found|ENOENT/i.test(text))) return `${hint.say} (${firstLine})`;
  return firstLine;
}
