/* global structuredClone */
// electron-builder configuration for the installable Tactile. The app keeps its clone layout inside app.asar
// (package.json, out/main, out/preload, out/renderer) so electron/app-root finds its root the same way; the
// helper jar and the scrcpy server go beside it in resources/ (a device push reads a real file, not asar),
// where electron/app-root's appPath looks first (process.resourcesPath).
export const SCRCPY_SERVER_FILE = 'scrcpy-server-v3.3.3';

/** @type {import('electron-builder').Configuration} */
const config = {
  appId: 'dev.tactile.console',
  productName: 'Tactile',
  directories: { output: 'dist', buildResources: 'build/resources' },
  extraMetadata: { main: 'out/main/main.mjs' },
  files: ['package.json', 'out/**/*', '!out/**/*.map'],
  extraResources: [
    { from: 'helper-apk/target/tactile-helper.jar', to: 'helper-apk/target/tactile-helper.jar' },
    { from: `vendor/${SCRCPY_SERVER_FILE}`, to: `vendor/${SCRCPY_SERVER_FILE}` },
  ],
  icon: 'build/resources/icon.png',
  linux: { target: ['AppImage', 'deb', 'tar.gz'], category: 'Development', maintainer: 'Tactile contributors' },
  deb: { depends: ['adb'] },
  mac: { target: ['dmg'], category: 'public.app-category.developer-tools' },
  win: { target: ['nsis'] },
  nsis: { oneClick: false, allowToChangeInstallationDirectory: true },
  publish: null,
};

export default config;

/** The configuration for one electron-builder run: a deep copy, because electron-builder rewrites parts of the
 *  configuration it is given (`files`, `extraResources`); a second target built from a shared or shallow copy
 *  then fails on the first one's leftovers. */
export function builderConfig(overrides = {}) {
  return { ...structuredClone(config), ...overrides };
}
