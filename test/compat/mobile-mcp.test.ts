// The most used Android MCP server, @mobilenext/mobile-mcp 1.0.4 (pinned devDependency), driven by the MCP SDK's
// client over stdio against the virtual device through a private adb server: every tool that needs neither iOS
// nor the Mobile Next cloud must work, and its effect must be visible on the device. mobile-mcp runs its tools
// through its own mobilecli binary (adb commands plus mobilecli's on-device DeviceServer, which the virtual
// device runs as a phone runs the pushed dex). The four cloud tools (login, list/allocate/release remote
// devices) are listed but not called: they reach the vendor's service.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startVirtualDevice, type VirtualDevice } from '../../virtual-device/virtual-device';
import { startAdbServer, type AdbServer } from '../support/adb-server';
import { buildApk } from '../support/build-apk';

const TIMEOUT = 120_000;
const LAB = 'com.tactile.lab';
/** The tools that talk to Mobile Next's device cloud: not called here. */
const CLOUD = [
  'mobile_allocate_remote_device',
  'mobile_list_remote_devices',
  'mobile_login_to_cloud_provider',
  'mobile_release_remote_device',
];

type ToolResult = {
  content: Array<{ type: string; text?: string; data?: string; mimeType?: string }>;
  isError?: boolean;
};

describe('mobile-mcp 1.0.4 on the virtual device (MCP SDK client, stdio)', () => {
  let server: AdbServer;
  let device: VirtualDevice;
  let client: Client;
  let home: string;
  const called = new Set<string>();

  const tool = async (name: string, args: Record<string, unknown> = {}): Promise<ToolResult> => {
    called.add(name);
    return (await client.callTool({ name, arguments: { device: device.serial, ...args } }, undefined, {
      timeout: 90_000,
    })) as ToolResult;
  };
  /** The tool's text, after checking it is no error (mobile-mcp reports ActionableErrors as text ending in "try again."). */
  const text = async (name: string, args: Record<string, unknown> = {}): Promise<string> => {
    const r = await tool(name, args);
    const t = r.content.map((c) => c.text ?? '').join('\n');
    expect({ name, isError: r.isError ?? false, text: t }).toMatchObject({
      isError: false,
      text: expect.not.stringMatching(/Please fix the issue and try again|^Error:/),
    });
    return t;
  };
  const shell = async (command: string) => (await server.adb(['-s', device.serial, 'shell', command])).stdout;
  const lab = async () =>
    JSON.parse(await shell('dumpsys tactile_lab')) as {
      focused_activity: string | null;
      controls: Record<string, { text?: string }>;
    };

  beforeAll(async () => {
    server = await startAdbServer();
    device = await startVirtualDevice();
    await server.connect(device.serial);
    home = mkdtempSync(join(tmpdir(), 'tactile-mobile-mcp-'));
    const entry = join(
      dirname(createRequire(import.meta.url).resolve('@mobilenext/mobile-mcp/package.json')),
      'lib',
      'index.js',
    );
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [entry],
      cwd: home,
      // Its telemetry stays off; mobilecli finds adb on PATH and the private server through ANDROID_ADB_SERVER_PORT.
      env: {
        PATH: process.env.PATH ?? '',
        HOME: home,
        TMPDIR: home,
        ANDROID_ADB_SERVER_PORT: String(server.port),
        MOBILEMCP_DISABLE_TELEMETRY: '1',
      },
      stderr: 'ignore',
    });
    client = new Client({ name: 'tactile-compat', version: '1.0.0' });
    await client.connect(transport);
  }, TIMEOUT);

  afterAll(async () => {
    await client?.close();
    await device?.stop();
    await server?.stop();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it(
    'lists its tools; the device is listed as an online Android device',
    async () => {
      const names = (await client.listTools()).tools.map((t) => t.name);
      expect(names).toEqual(
        expect.arrayContaining([
          ...CLOUD,
          'mobile_list_available_devices',
          'mobile_launch_app',
          'mobile_take_screenshot',
        ]),
      );
      const listed = JSON.parse(await text('mobile_list_available_devices')) as {
        devices: Array<Record<string, unknown>>;
      };
      expect(listed.devices).toContainEqual(
        expect.objectContaining({ id: device.serial, platform: 'android', state: 'online', version: '14' }),
      );
      expect(await text('mobile_get_screen_size')).toBe('Screen size is 1080x2400 pixels');
    },
    TIMEOUT,
  );

  it(
    'apps: list, launch, foreground, terminate, install and uninstall',
    async () => {
      expect(await text('mobile_list_apps')).toContain(`Tactile Lab (${LAB})`);
      await shell(`am force-stop ${LAB}`);
      expect(await text('mobile_launch_app', { packageName: LAB })).toBe(`Launched app ${LAB}`);
      expect((await lab()).focused_activity).toBe(`${LAB}/${LAB}.MainActivity`);
      expect(await text('mobile_get_foreground_app')).toContain(`(${LAB})`);
      expect(await text('mobile_terminate_app', { packageName: LAB })).toBe(`Terminated app ${LAB}`);
      expect((await shell(`pidof ${LAB}`)).trim()).toBe('');
      const apk = join(home, 'hello.apk');
      writeFileSync(
        apk,
        buildApk({ packageName: 'com.tactile.mcphello', label: 'MCP Hello', versionCode: 1, versionName: '1.0' }),
      );
      expect(await text('mobile_install_app', { path: apk })).toBe(`Installed app from ${apk}`);
      expect(await shell('pm list packages com.tactile.mcphello')).toBe('package:com.tactile.mcphello\n');
      expect(await text('mobile_uninstall_app', { bundle_id: 'com.tactile.mcphello' })).toBe(
        'Uninstalled app com.tactile.mcphello',
      );
      expect(await shell('pm list packages com.tactile.mcphello')).toBe('');
      await text('mobile_launch_app', { packageName: LAB });
    },
    TIMEOUT,
  );

  it(
    'screen: elements, screenshots (image and file), taps, long press, swipe, typing, buttons, batch',
    async () => {
      const elements = await text('mobile_list_elements_on_screen', { format: 'json' });
      type Element = {
        ref: string;
        identifier?: string;
        coordinates: { x: number; y: number; width: number; height: number };
      };
      const list = JSON.parse(elements.replace(/^Found these elements on screen: /, '')) as Element[];
      expect(await text('mobile_list_elements_on_screen')).toMatch(
        new RegExp(`\\n@e\\d+ EditText .*id="${LAB.replace(/\./g, '\\.')}:id/edit_text" at=\\d+,\\d+ size=\\d+x\\d+`),
      );
      const field = list.find((e) => e.identifier === `${LAB}:id/edit_text`)!;
      expect(field).toBeDefined();
      const shot = await tool('mobile_take_screenshot');
      expect(shot.content.find((c) => c.type === 'image')).toMatchObject({ mimeType: 'image/jpeg' });
      const png = join(home, 'screen.png');
      expect(await text('mobile_save_screenshot', { saveTo: png })).toBe(`Screenshot saved to: ${png}`);
      expect(readFileSync(png).subarray(1, 4).toString('latin1')).toBe('PNG');
      const before = (await lab()).controls;
      const checkbox = list.find((e) => e.identifier === `${LAB}:id/checkbox`)!;
      await text('mobile_click_on_screen_at_coordinates', {
        x: checkbox.coordinates.x + checkbox.coordinates.width / 2,
        y: checkbox.coordinates.y + checkbox.coordinates.height / 2,
      });
      await expect
        .poll(async () => JSON.stringify((await lab()).controls[`${LAB}:id/checkbox`]))
        .not.toBe(JSON.stringify(before[`${LAB}:id/checkbox`]));
      await text('mobile_click_on_screen_at_coordinates', { ref: field.ref });
      await text('mobile_type_keys', { text: 'hi mcp', submit: false });
      await expect.poll(async () => (await lab()).controls[`${LAB}:id/edit_text`]?.text).toBe('hi mcp');
      await text('mobile_double_tap_on_screen', { x: 540, y: 300 });
      await text('mobile_long_press_on_screen_at_coordinates', { x: 540, y: 300, duration: 600 });
      await text('mobile_swipe_on_screen', { direction: 'up' });
      await text('mobile_swipe_on_screen', { direction: 'down', x: 540, y: 1400, distance: 300 });
      const batch = await text('mobile_batch_commands', {
        steps: [
          { name: 'mobile_press_button', arguments: { button: 'HOME' } },
          { name: 'mobile_get_foreground_app', arguments: {} },
        ],
      });
      expect(batch).toMatch(
        /Step 1 \(mobile_press_button\): Pressed the button: HOME\nStep 2 \(mobile_get_foreground_app\): Foreground app: .*com\.android\.launcher3/,
      );
      expect((await lab()).focused_activity).toBeNull();
      await text('mobile_press_button', { button: 'BACK' });
    },
    TIMEOUT,
  );

  it(
    'device: orientation, clipboard, open URL, location',
    async () => {
      expect(await text('mobile_set_orientation', { orientation: 'landscape' })).toBe(
        'Changed device orientation to landscape',
      );
      expect(await text('mobile_get_orientation')).toBe('Current device orientation is landscape');
      expect(await shell('wm user-rotation')).toBe('lock 1\n');
      await text('mobile_set_orientation', { orientation: 'portrait' });
      expect(await text('mobile_clipboard', { text: 'from mcp' })).toBe('Clipboard updated');
      expect(await text('mobile_clipboard')).toBe('from mcp');
      expect(await text('mobile_open_url', { url: 'https://example.org/page' })).toBe(
        'Opened URL: https://example.org/page',
      );
      expect((await lab()).focused_activity).toBe(
        'org.chromium.webview_shell/org.chromium.webview_shell.WebViewBrowserActivity',
      );
      expect(await text('mobile_set_location', { latitude: 48.8566, longitude: 2.3522 })).toBe(
        'Set device location to 48.8566,2.3522',
      );
      expect(await shell('dumpsys location')).toMatch(/gps: Location\[gps 48\.856600,2\.352200 /);
      expect(await text('mobile_set_location')).toBe('Cleared location override');
      expect(await shell('dumpsys location')).not.toMatch(/Location\[gps 48/);
    },
    TIMEOUT,
  );

  it(
    'logs, crashes and a screen recording',
    async () => {
      const logs = tool('mobile_get_device_logs', { limit: 2, filter: ['tag=ActivityTaskManager'] });
      // The tool captures what is logged after it starts: start an activity until two lines came through.
      let result: ToolResult | null = null;
      void logs.then((r) => (result = r));
      await expect
        .poll(
          async () => {
            if (result === null) await shell(`am start -n ${LAB}/.DetailsActivity; am start -n ${LAB}/.MainActivity`);
            return result !== null;
          },
          { timeout: 60_000, interval: 1000 },
        )
        .toBe(true);
      const lines = (result as unknown as ToolResult).content[0]!.text!.split('\n').map(
        (l) => JSON.parse(l) as Record<string, unknown>,
      );
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatchObject({ tag: 'ActivityTaskManager', process: 'system_server', pid: 1000 });
      expect(await text('mobile_list_crashes')).toBe('[]');
      await shell(`am crash ${LAB}`);
      const crashes = JSON.parse(await text('mobile_list_crashes')) as Array<{ id: string; processName: string }>;
      expect(crashes).toEqual([expect.objectContaining({ processName: LAB })]);
      expect(await text('mobile_get_crash', { id: crashes[0]!.id })).toMatch(
        /E AndroidRuntime: FATAL EXCEPTION: main\n.*Process: com\.tactile\.lab, PID: \d+/,
      );
      const mp4 = join(home, 'rec.mp4');
      expect(await text('mobile_start_screen_recording', { output: mp4 })).toContain(mp4);
      await expect.poll(async () => (await shell('pidof screenrecord')).trim(), { timeout: 30_000 }).toMatch(/^\d+$/);
      expect(await text('mobile_stop_screen_recording')).toMatch(
        new RegExp(`^Recording stopped\\. File: ${mp4.replace(/[./]/g, '\\$&')} \\(`),
      );
      expect(existsSync(mp4) && readFileSync(mp4).subarray(4, 8).toString('latin1')).toBe('ftyp');
    },
    TIMEOUT,
  );

  it('every tool that needs neither iOS nor the cloud was called and worked', async () => {
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names.filter((n) => !CLOUD.includes(n) && !called.has(n))).toEqual([]);
  });
});
