// Turns a failed packaging step into one line: what is missing and the command that fetches it. electron-builder's
// downloads run in its Go helper (app-builder), whose reason reaches us only as printed text (`⨯ Get "URL": …`,
// then a Go stack), so the input is everything the step printed plus the error; anything that is not a missing
// download keeps its own first line (no stack: the user needs the cause, not our call chain).
const hints = [
  {
    test: /electron-v\d[^\s"]*\.zip|electron\/releases|ELECTRON_MIRROR/i,
    say: (file) =>
      `missing: Electron's binary (${file ?? 'the electron zip of the version in package.json'}); fetch it with \`node node_modules/electron/install.js\` (needs internet; package then uses node_modules/electron/dist), or set ELECTRON_OVERRIDE_DIST_PATH=/path/to/electron/dist (or \`electronDist\` in build/electron-builder.config.mjs).`,
  },
  {
    test: /\bfpm\b|fpm-\d/i,
    say: (file) =>
      `missing: fpm, which builds the deb (${file ?? 'fpm bundle'}); fetch it with \`gem install fpm\` (Debian: \`sudo apt-get install ruby ruby-dev && sudo gem install fpm\`), then run again with USE_SYSTEM_FPM=true.`,
  },
  {
    test: /appimage-\d|appimage.*electron-builder-binaries|ELECTRON_BUILDER_BINARIES_MIRROR/i,
    say: (file) =>
      `missing: the AppImage runtime (${file ?? 'appimage bundle'} from electron-builder-binaries); fetch it with \`node build/package.mjs AppImage\` while online (electron-builder keeps it in ~/.cache/electron-builder), or set ELECTRON_BUILDER_BINARIES_MIRROR to a reachable mirror.`,
  },
];

const networkish =
  /ENOTFOUND|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EAI_AGAIN|getaddrinfo|no such host|dial tcp|download|status code|socket hang up|ENETUNREACH/i;

/** The file name of the first release download the text mentions (`…/releases/download/TAG/FILE`). */
function downloadedFile(text) {
  return /releases\/download\/[^\s"/]+\/([^\s"/]+)/.exec(text)?.[1];
}

/** The line that says why: app-builder's `⨯ …` line, else the error's first line. */
function firstReason(text) {
  const lines = text.split('\n').map((l) => l.trim());
  const marked = lines.find((l) => l.startsWith('⨯'));
  const first = marked ?? lines.find((l) => l !== '' && !l.startsWith('•')) ?? '';
  return first.replace(/^⨯\s*/, '').replace(/^Error:\s*/, '');
}

/** One line for a packaging failure: `error` is an Error, or the text a packaging step printed. */
export function explainPackagingError(error) {
  const text = error instanceof Error ? `${error.message}\n${error.stack ?? ''}` : String(error);
  const reason = error instanceof Error ? error.message.split('\n')[0] : firstReason(text);
  const missing = networkish.test(text) || /not found|ENOENT/i.test(text);
  for (const hint of hints) if (missing && hint.test.test(text)) return hint.say(downloadedFile(text));
  return reason;
}

/** The line for a scrcpy server that is neither in vendor/ nor downloadable. */
export function missingScrcpyServer(file) {
  return `missing: the scrcpy server (vendor/${file}); fetch it with \`npm run fetch:scrcpy-server\` (needs internet; SHA-256 checked), or put the official ${file} from github.com/Genymobile/scrcpy/releases into vendor/.`;
}
