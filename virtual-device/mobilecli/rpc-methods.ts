// The methods of mobilecli's on-device DeviceServer (com.mobilenext.mobilecli.DeviceServer, run by app_process
// from the dex mobilecli pushes), done by the simulated Android instead of UiAutomation: the accessibility tree
// in its devicekit JSON shape, screenshots, one- and multi-finger gestures replayed in real time, keys and text
// through the virtual keyboard's map, the clipboard, the installed packages and mock locations (which need the
// mock_location app op granted to com.android.shell, as LocationManager's test providers do).
import { createCanvas, ImageData } from '@napi-rs/canvas';
import type { SimulatedAndroid } from '../android/device';
import { KEYCODES, keysForText } from '../../shared/android/keycodes';
import { keyCodeFromString } from '../android/keycodes';
import type { A11yNode } from '../lab/types';

export const RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
} as const;

export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

type Params = Record<string, unknown>;
export type RpcMethod = (android: SimulatedAndroid, params: Params, context: { dexSha256: string }) => Promise<unknown>;

const ok = { ok: true };
const FRAME_MS = 16;

/** requireInt: a whole number that fits an int, else INVALID_PARAMS worded as the server's. */
function int(p: Params, key: string, fallback?: number): number {
  const v = p[key];
  if ((v === undefined || v === null) && fallback !== undefined) return fallback;
  if (typeof v !== 'number') throw new RpcError(RPC.INVALID_PARAMS, `params.${key} must be a number`);
  if (!Number.isInteger(v) || v < -(2 ** 31) || v >= 2 ** 31)
    throw new RpcError(RPC.INVALID_PARAMS, `params.${key} must be a whole number that fits in an int, got ${v}`);
  return v;
}

function str(p: Params, key: string): string {
  const v = p[key];
  if (typeof v !== 'string') throw new RpcError(RPC.INVALID_PARAMS, `missing params.${key}`);
  return v;
}

/** UiTreeSerializer.nodeToJson: the node, its bounds as x/y/width/height, its children when it has some. */
function nodeJson(nodes: readonly A11yNode[], n: A11yNode, index: number): Record<string, unknown> {
  const f = n.flags;
  const b = n.bounds;
  const children = n.children.map((c, i) => nodeJson(nodes, nodes[c]!, i));
  return {
    index,
    class: n.class_name,
    package: n.package_name,
    text: n.showing_hint_text ? '' : n.text,
    hint: n.hint_text || (n.showing_hint_text ? n.text : ''),
    'content-desc': n.content_desc,
    'resource-id': n.resource_id,
    checkable: f.checkable,
    checked: f.checked,
    clickable: f.clickable,
    enabled: f.enabled,
    focusable: f.focusable,
    focused: f.focused,
    scrollable: f.scrollable,
    'long-clickable': f.long_clickable,
    password: f.password,
    selected: f.selected,
    visible: f.visible_to_user,
    editable: f.editable,
    rect: { x: b.left, y: b.top, width: b.right - b.left, height: b.bottom - b.top },
    ...(n.range ? { 'range-current': n.range.current } : {}),
    ...(children.length > 0 ? { children } : {}),
  };
}

/** Replays one gesture: fingers grouped by `button`, each down from 0 to its last keyframe, 60 events a second. */
async function gesture(android: SimulatedAndroid, actions: unknown): Promise<void> {
  if (!Array.isArray(actions) || actions.length === 0)
    throw new RpcError(RPC.INVALID_PARAMS, 'actions array cannot be empty');
  const byFinger = new Map<number, Params[]>();
  for (const a of actions as Params[]) {
    const button = typeof a.button === 'number' ? a.button : 0;
    byFinger.set(button, [...(byFinger.get(button) ?? []), a]);
  }
  const fingers = [...byFinger.entries()]
    .sort(([a], [b]) => a - b)
    .map(([id, list]) => {
      const path: Array<{ t: number; x: number; y: number }> = [];
      let t = 0;
      let released = false;
      list.forEach((a, i) => {
        const x = Number(a.x ?? 0);
        const y = Number(a.y ?? 0);
        const d = Math.round(Number(a.duration ?? 0) * 1000);
        if (x < 0 || y < 0)
          throw new RpcError(RPC.INVALID_PARAMS, `finger ${id} has negative coordinates at index ${i}`);
        if (d < 0) throw new RpcError(RPC.INVALID_PARAMS, `finger ${id} has negative duration at index ${i}`);
        if (released) throw new RpcError(RPC.INVALID_PARAMS, `finger ${id} has actions after 'release' at index ${i}`);
        if (a.type === 'press') {
          if (i !== 0)
            throw new RpcError(RPC.INVALID_PARAMS, `finger ${id} has 'press' after its first action at index ${i}`);
          path.push({ t: 0, x, y });
          t += d;
          path.push({ t, x, y });
        } else if (a.type === 'move' || a.type === 'release') {
          if (i === 0)
            throw new RpcError(RPC.INVALID_PARAMS, `finger ${id} must start with 'press', got '${String(a.type)}'`);
          t += d;
          const last = path[path.length - 1]!;
          path.push(a.type === 'move' ? { t, x, y } : { t, x: last.x, y: last.y });
          released = a.type === 'release';
        } else
          throw new RpcError(
            RPC.INVALID_PARAMS,
            `finger ${id} has unknown action type '${String(a.type)}' at index ${i}`,
          );
      });
      if (!released) throw new RpcError(RPC.INVALID_PARAMS, `finger ${id} must end with 'release'`);
      return { id, path, lift: t };
    });
  const at = (f: (typeof fingers)[number], ms: number) => {
    let prev = f.path[0]!;
    for (const next of f.path) {
      if (ms <= next.t) {
        if (next.t === prev.t) return next;
        const k = (ms - prev.t) / (next.t - prev.t);
        return { t: ms, x: prev.x + (next.x - prev.x) * k, y: prev.y + (next.y - prev.y) * k };
      }
      prev = next;
    }
    return prev;
  };
  const end = Math.max(...fingers.map((f) => f.lift));
  const start = android.clock();
  const down = [...fingers];
  const pointers = (ms: number) =>
    down.map((f) => ({ id: f.id, ...at(f, Math.min(ms, f.lift)) })).map(({ id, x, y }) => ({ id, x, y }));
  fingers.forEach((_, i) =>
    android.input.injectMotion({
      action: i === 0 ? 'down' : 'pointer_down',
      action_index: i,
      pointers: pointers(0).slice(0, i + 1),
      t_ms: start,
    }),
  );
  for (let ms = FRAME_MS; down.length > 0; ms += FRAME_MS) {
    const now = Math.min(ms, end);
    await android.sleep(Math.max(0, start + now - android.clock()));
    android.input.injectMotion({ action: 'move', pointers: pointers(now), t_ms: android.clock() });
    for (let i = 0; i < down.length;) {
      if (down[i]!.lift > now) {
        i++;
        continue;
      }
      android.input.injectMotion({
        action: down.length === 1 ? 'up' : 'pointer_up',
        pointers: pointers(now),
        action_index: i,
        t_ms: android.clock(),
      });
      down.splice(i, 1);
    }
    if (ms >= end && down.length === 0) break;
  }
}

const oneFinger = (x1: number, y1: number, holdS: number, x2: number, y2: number, moveS: number): Params[] => [
  { type: 'press', x: x1, y: y1, duration: holdS },
  ...(moveS > 0 ? [{ type: 'move', x: x2, y: y2, duration: moveS }] : []),
  { type: 'release', duration: 0 },
];

function key(android: SimulatedAndroid, name: string, modifiers: readonly string[] = []): void {
  // KeyEvent.keyCodeFromString: `KEYCODE_HOME`, `HOME` or a number; KEYCODE_UNKNOWN (0) is refused.
  const resolve = (n: string) => {
    const c = keyCodeFromString(n);
    if (c === 0) throw new RpcError(RPC.INVALID_PARAMS, `unknown keycode ${n}`);
    return c;
  };
  const code = resolve(name);
  const mods = modifiers.map(resolve);
  const t = () => android.clock();
  for (const m of mods) android.input.injectKey({ action: 'down', key_code: m, char: null, t_ms: t() });
  android.input.injectKey({ action: 'down', key_code: code, char: null, t_ms: t() });
  android.input.injectKey({ action: 'up', key_code: code, char: null, t_ms: t() });
  for (const m of [...mods].reverse()) android.input.injectKey({ action: 'up', key_code: m, char: null, t_ms: t() });
}

async function screenshot(android: SimulatedAndroid, p: Params): Promise<unknown> {
  const frame = android.renderer.render();
  const clip = p.clip as { x: number; y: number; width: number; height: number } | undefined;
  const src = clip ?? { x: 0, y: 0, width: frame.width, height: frame.height };
  let scale = typeof p.scale === 'number' && p.scale > 0 ? p.scale : 1;
  const maxSize = typeof p.maxSize === 'number' ? p.maxSize : 0;
  if (maxSize > 0 && Math.max(src.width, src.height) * scale > maxSize)
    scale = maxSize / Math.max(src.width, src.height);
  const full = createCanvas(frame.width, frame.height);
  full
    .getContext('2d')
    .putImageData(
      new ImageData(
        new Uint8ClampedArray(frame.rgba.buffer, frame.rgba.byteOffset, frame.rgba.length),
        frame.width,
        frame.height,
      ),
      0,
      0,
    );
  const out = createCanvas(Math.max(1, Math.round(src.width * scale)), Math.max(1, Math.round(src.height * scale)));
  out.getContext('2d').drawImage(full, src.x, src.y, src.width, src.height, 0, 0, out.width, out.height);
  const jpeg = p.format === 'jpeg' || p.format === 'jpg';
  const data = jpeg
    ? await out.encode('jpeg', typeof p.quality === 'number' ? p.quality : 90)
    : await out.encode('png');
  return { data: Buffer.from(data).toString('base64') };
}

export const RPC_METHODS: Record<string, RpcMethod> = {
  'device.version': async (_a, _p, c) => ({ dexSha256: c.dexSha256 }),
  'device.dump.ui': async (android) => {
    const snap = android.lab.snapshot();
    const roots = snap.windows.flatMap((w) => (w.root === null ? [] : [nodeJson(snap.nodes, snap.nodes[w.root]!, 0)]));
    return { hierarchy: roots };
  },
  'device.screenshot': (android, p) => screenshot(android, p),
  'device.io.keyboard.hide': async () => ({ dismissed: false }),
  'device.io.gesture': async (android, p) => {
    await gesture(android, p.actions);
    return ok;
  },
  'device.io.tap': async (android, p) => {
    await gesture(android, oneFinger(int(p, 'x'), int(p, 'y'), 0, int(p, 'x'), int(p, 'y'), 0));
    return ok;
  },
  'device.io.longpress': async (android, p) => {
    await gesture(
      android,
      oneFinger(int(p, 'x'), int(p, 'y'), int(p, 'duration', 500) / 1000, int(p, 'x'), int(p, 'y'), 0),
    );
    return ok;
  },
  'device.io.swipe': async (android, p) => {
    await gesture(
      android,
      oneFinger(int(p, 'x1'), int(p, 'y1'), 0, int(p, 'x2'), int(p, 'y2'), int(p, 'duration', 1000) / 1000),
    );
    return ok;
  },
  'device.io.button': async (android, p) => {
    key(android, str(p, 'button'));
    return ok;
  },
  'device.io.keys': async (android, p) => {
    const keys = p.keys;
    if (!Array.isArray(keys) || keys.length === 0) throw new RpcError(RPC.INVALID_PARAMS, 'missing params.keys');
    for (const k of keys as Params[])
      key(android, str(k, 'keycode'), Array.isArray(k.modifiers) ? (k.modifiers as string[]) : []);
    return ok;
  },
  'device.io.text': async (android, p) => {
    const typed = keysForText(str(p, 'text'));
    if (!typed) throw new RpcError(RPC.INVALID_PARAMS, 'text has characters the keyboard cannot type');
    for (const k of typed) {
      const t = android.clock();
      if (k.shift) android.input.injectKey({ action: 'down', key_code: KEYCODES.SHIFT_LEFT, char: null, t_ms: t });
      android.input.injectKey({ action: 'down', key_code: k.keyCode, char: k.char, t_ms: t });
      android.input.injectKey({ action: 'up', key_code: k.keyCode, char: null, t_ms: t });
      if (k.shift) android.input.injectKey({ action: 'up', key_code: KEYCODES.SHIFT_LEFT, char: null, t_ms: t });
    }
    return ok;
  },
  'device.clipboard.get': async (android) => ({ text: android.clipboard.get() }),
  'device.clipboard.set': async (android, p) => {
    android.clipboard.set(str(p, 'text'));
    return ok;
  },
  'device.clipboard.clear': async (android) => {
    android.clipboard.set('');
    return ok;
  },
  'device.apps.list': async (android) =>
    android.packages.list().map((p) => ({
      packageName: p.packageName,
      appName: p.label ?? p.packageName,
      version: p.versionName ?? '',
      versionCode: p.versionCode,
    })),
  'device.location.set': async (android, p) => {
    if (!('lat' in p) || !('lon' in p))
      throw new RpcError(RPC.INVALID_PARAMS, `missing params.${'lat' in p ? 'lon' : 'lat'}`);
    // LocationManager.addTestProvider needs the mock_location op for the caller's package (the shell).
    if (android.appOps.mode('com.android.shell', 'MOCK_LOCATION') !== 'allow') {
      throw new RpcError(
        RPC.INTERNAL_ERROR,
        "Internal error: no test provider could be added, is 'appops set com.android.shell android:mock_location allow' in effect?",
      );
    }
    android.location.setMock(Number(p.lat), Number(p.lon));
    return ok;
  },
  'device.location.clear': async (android) => {
    android.location.setMock(null);
    return ok;
  },
};
