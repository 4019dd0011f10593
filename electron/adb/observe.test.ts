import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DeviceChannel } from './adb-server';
import { observe } from './observe';

const dump = readFileSync(new URL('../../shared/observation/fixtures/lab-main.xml', import.meta.url), 'utf8');

/** A fake adb channel: exec-out answers by command; `state` is what the server would list afterwards. */
function channel(
  execOut: Record<string, string>,
  state: string | null = 'device',
  wmSize = 'Physical size: 1080x2400\n',
) {
  const calls: string[] = [];
  const fake: DeviceChannel = {
    address: 'fake:5037',
    shell: async (_serial, command) => {
      calls.push(`shell ${command}`);
      if (command !== 'wm size') throw new Error(`unexpected shell ${command}`);
      return wmSize;
    },
    execOut: async (_serial, command) => {
      calls.push(command);
      const out = execOut[command];
      if (out === undefined) throw new Error(`unexpected exec-out ${command}`);
      return Buffer.from(out);
    },
    getProperties: async () => ({}),
    deviceState: async () => state,
  };
  return { fake, calls };
}

describe('observe', () => {
  it('parses the /dev/tty dump against the display size', async () => {
    const { fake, calls } = channel({ 'uiautomator dump --windows /dev/tty': dump });
    const seen = await observe(fake, 'S');
    expect(seen).toMatchObject({ serial: 'S', screen: { width: 1080, height: 2400 }, rotation: 0 });
    expect(seen.nodes).toHaveLength(11);
    expect(calls).not.toContain('uiautomator dump --windows /data/local/tmp/tactile-window-dump.xml');
  });

  it('uses the override size and the rotation the dump reports', async () => {
    const turned = dump.replace('rotation="0"', 'rotation="3"');
    const { fake } = channel(
      { 'uiautomator dump --windows /dev/tty': turned },
      'device',
      'Physical size: 1440x3200\nOverride size: 1080x2400\n',
    );
    expect((await observe(fake, 'S')).screen).toEqual({ width: 2400, height: 1080 });
  });

  it('falls back to a dump file when /dev/tty gives no XML', async () => {
    const file = '/data/local/tmp/tactile-window-dump.xml';
    const { fake, calls } = channel({
      'uiautomator dump --windows /dev/tty': 'ERROR: /dev/tty: No such device or address\n',
      [`uiautomator dump --windows ${file}`]: `UI hierchary dumped to: ${file}\n`,
      [`cat ${file}`]: dump,
    });
    expect((await observe(fake, 'S')).nodes).toHaveLength(11);
    expect(calls).toContain(`cat ${file}`);
  });

  it('reports a failing uiautomator as READ_FAILED with its message', async () => {
    const { fake } = channel({
      'uiautomator dump --windows /dev/tty': 'ERROR: could not get idle state.\n',
      'uiautomator dump --windows /data/local/tmp/tactile-window-dump.xml': 'ERROR: could not get idle state.\n',
    });
    await expect(observe(fake, 'S')).rejects.toMatchObject({
      code: 'READ_FAILED',
      message: expect.stringContaining('idle state'),
    });
  });

  it('reports a cut dump as DEVICE_LOST when the device is gone, READ_FAILED when it is still there', async () => {
    const cut = dump.slice(0, dump.length / 2);
    await expect(
      observe(channel({ 'uiautomator dump --windows /dev/tty': cut }, 'offline').fake, 'S'),
    ).rejects.toMatchObject({ code: 'DEVICE_LOST' });
    await expect(
      observe(channel({ 'uiautomator dump --windows /dev/tty': cut }, null).fake, 'S'),
    ).rejects.toMatchObject({ code: 'DEVICE_LOST' });
    await expect(
      observe(channel({ 'uiautomator dump --windows /dev/tty': cut }, 'device').fake, 'S'),
    ).rejects.toMatchObject({ code: 'READ_FAILED' });
  });
});
