// Observation = `uiautomator dump --windows` parsed into the observed node tree (shared/observation): every
// window of the display (status bar, overlays, the app), not only the active one. uiautomator before the flag
// existed ignores it and dumps the active window, which the parser reads too. The dump goes
// to /dev/tty through exec: (no file, one round trip); devices where /dev/tty yields no XML fall back to
// dumping into a file and reading it back. `wm size` runs alongside for the normalized bounds.
import { parseUiautomatorXml, UiautomatorXmlError, type DeviceObservation } from '../../shared/observation';
import type { DeviceChannel } from './adb-server';
import { displaySize, parseWmSize } from './device-info-parse';
import { DeviceLayerError } from './errors';
import { incompleteOutputError } from './incomplete-output';

const DUMP_FILE = '/data/local/tmp/tactile-window-dump.xml';

async function dumpXml(adb: DeviceChannel, serial: string): Promise<string> {
  const tty = (
    await adb.execOut(serial, 'uiautomator dump --windows /dev/tty', { action: 'uiautomator dump' })
  ).toString('utf8');
  if (tty.includes('<hierarchy') || tty.includes('<displays') || tty.trim() === '') return tty;
  const report = (
    await adb.execOut(serial, `uiautomator dump --windows ${DUMP_FILE}`, { action: 'uiautomator dump' })
  ).toString('utf8');
  if (!report.includes(DUMP_FILE)) {
    throw new DeviceLayerError(
      'READ_FAILED',
      `uiautomator dump on ${serial} failed: ${report.trim().slice(0, 300) || tty.trim().slice(0, 300)}`,
    );
  }
  return (await adb.execOut(serial, `cat ${DUMP_FILE}`, { action: 'uiautomator dump' })).toString('utf8');
}

export async function observe(adb: DeviceChannel, serial: string): Promise<DeviceObservation> {
  const [xml, size] = await Promise.all([
    dumpXml(adb, serial),
    adb.shell(serial, 'wm size', { action: 'wm size' }).then(parseWmSize),
  ]);
  try {
    const tree = parseUiautomatorXml(xml, (rotation) => displaySize(size, rotation));
    return {
      serial,
      screen: tree.screen,
      rotation: tree.rotation,
      nodes: tree.nodes,
      ...(tree.windows ? { windows: tree.windows } : {}),
    };
  } catch (err) {
    if (err instanceof UiautomatorXmlError)
      throw await incompleteOutputError(adb, serial, 'uiautomator dump', err.message);
    throw err;
  }
}
