// What `npm run package` prints last when a download cannot happen: the inputs are what electron-builder 25.1.8
// really printed offline here (its Go helper's `⨯ Get "URL": …` line and stack, then the Node error).
import { describe, expect, it } from 'vitest';
import { explainPackagingError, missingScrcpyServer } from '../../build/packaging-errors.mjs';

const offline = (url: string, frame: string) =>
  [
    '  • electron-builder  version=25.1.8 os=6.18.44',
    '  • packaging       platform=linux arch=x64 electron=41.6.1 appOutDir=dist/linux-unpacked',
    `  ⨯ Get "${url}": dial tcp: lookup github.com on 10.255.255.53:53: no such host`,
    frame,
    '\t/Users/runner/work/app-builder/app-builder/pkg/download/downloader.go:206',
    'runtime.goexit',
    'Error: /work/main/node_modules/app-builder-bin/linux/x64/app-builder process failed ERR_ELECTRON_BUILDER_CANNOT_EXECUTE',
    'Exit code:',
    '1',
    '    at ChildProcess.<anonymous> (/work/main/node_modules/builder-util/src/util.ts:255:14)',
  ].join('\n');

const oneLine = (line: string) => {
  expect(line).not.toContain('\n');
  expect(line).toMatch(/^missing: /);
  return line;
};

describe('explainPackagingError', () => {
  it("names Electron's zip and the command that fetches it", () => {
    const line = oneLine(
      explainPackagingError(
        offline(
          'https://github.com/electron/electron/releases/download/v41.6.1/electron-v41.6.1-linux-x64.zip',
          'github.com/develar/app-builder/pkg/download.(*Downloader).follow.func1',
        ),
      ),
    );
    expect(line).toContain('electron-v41.6.1-linux-x64.zip');
    expect(line).toContain('`node node_modules/electron/install.js`');
    expect(line).toContain('ELECTRON_OVERRIDE_DIST_PATH');
  });

  it('names the AppImage runtime and the command that fetches it', () => {
    const line = oneLine(
      explainPackagingError(
        offline(
          'https://github.com/electron-userland/electron-builder-binaries/releases/download/appimage-12.0.1/appimage-12.0.1.7z',
          'main.main',
        ),
      ),
    );
    expect(line).toContain('AppImage runtime (appimage-12.0.1.7z');
    expect(line).toContain('`node build/package.mjs AppImage`');
  });

  it('names fpm and the command that fetches it', () => {
    const line = oneLine(
      explainPackagingError(
        offline(
          'https://github.com/electron-userland/electron-builder-binaries/releases/download/fpm-1.9.3-2.3.1-linux-x86_64/fpm-1.9.3-2.3.1-linux-x86_64.7z',
          'github.com/develar/app-builder/pkg/package-format/fpm.ConfigureCommand.func1',
        ),
      ),
    );
    expect(line).toContain('fpm-1.9.3-2.3.1-linux-x86_64.7z');
    expect(line).toContain('`gem install fpm`');
    expect(line).toContain('USE_SYSTEM_FPM=true');
  });

  it('names the scrcpy server and the command that fetches it', () => {
    const line = oneLine(missingScrcpyServer('scrcpy-server-v3.3.3'));
    expect(line).toContain('vendor/scrcpy-server-v3.3.3');
    expect(line).toContain('`npm run fetch:scrcpy-server`');
  });

  it('keeps the first line of an unrelated error, without a stack or progress lines', () => {
    expect(explainPackagingError(new Error('icon too small\nmore'))).toBe('icon too small');
    expect(
      explainPackagingError(
        '  • electron-builder  version=25.1.8\nError: Please specify project homepage\n    at x (y.ts:1:1)',
      ),
    ).toBe('Please specify project homepage');
  });
});
