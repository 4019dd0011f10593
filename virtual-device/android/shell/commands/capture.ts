// uiautomator dump and screencap: both derive from the lab's one snapshot.
import { dumpActiveWindow, dumpAllWindows } from '../../uiautomator-xml';
import type { Command } from '../context';

const DEFAULT_DUMP = '/sdcard/window_dump.xml';
const RGBA_8888 = 1;
/** screencap's dataspace word (COLORSPACE_SRGB), written since Android 9. */
const COLORSPACE_SRGB = 1;

export const uiautomator: Command = async ({ argv, android, out, err }) => {
  if (argv[1] !== 'dump') {
    await err(
      `Usage: uiautomator <subcommand> [options]\n\nAvailable subcommands:\n\nhelp: displays help message\n\ndump: creates an XML dump of current UI hierarchy\n`,
    );
    return argv[1] === undefined || argv[1] === 'help' ? 0 : 1;
  }
  let file = DEFAULT_DUMP;
  let windows = false;
  for (const a of argv.slice(2)) {
    if (a === '--windows') windows = true;
    else if (!a.startsWith('-')) file = a.startsWith('/') ? a : `/${a}`;
  }
  const snap = android.lab.snapshot();
  const xml = windows ? dumpAllWindows(snap) : dumpActiveWindow(snap);
  if (file === '/dev/tty' || file === '/dev/stdout') await out(xml);
  else {
    try {
      android.fs.write(file, Buffer.from(xml, 'utf8'), 0o100644, Math.floor(android.clock() / 1000));
    } catch (e) {
      await err(`ERROR: could not write ${file}: ${(e as Error).message}\n`);
      return 1;
    }
  }
  await out(`UI hierchary dumped to: ${file}\n`);
  return 0;
};

export const screencap: Command = async ({ argv, android, out, err }) => {
  let png = false;
  let file: string | undefined;
  const args = argv.slice(1);
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '-p') png = true;
    else if (a === '-d') i++;
    else if (a === '-h') {
      await err(
        'usage: screencap [-hp] [-d display-id] [FILENAME]\n   -h: this message\n   -p: save the file as a png.\n   -d: specify the display ID to capture (default: 0)\nIf FILENAME ends with .png it will be saved as a png.\nIf FILENAME is not given, the results will be printed to stdout.\n',
      );
      return 1;
    } else if (!a.startsWith('-')) file = a;
  }
  if (file?.endsWith('.png')) png = true;
  let data: Uint8Array;
  if (png) data = await android.renderer.png();
  else {
    const frame = android.renderer.render();
    const header = Buffer.alloc(android.sdk >= 28 ? 16 : 12);
    header.writeUInt32LE(frame.width, 0);
    header.writeUInt32LE(frame.height, 4);
    header.writeUInt32LE(RGBA_8888, 8);
    if (header.length === 16) header.writeUInt32LE(COLORSPACE_SRGB, 12);
    data = Buffer.concat([header, frame.rgba]);
  }
  if (file === undefined) {
    await out(data);
    return 0;
  }
  try {
    android.fs.write(file, data, 0o100644, Math.floor(android.clock() / 1000));
  } catch {
    await err(`Error opening file: ${file} (No such file or directory)\n`);
    return 1;
  }
  return 0;
};
