// `app_process / com.genymobile.scrcpy.Server 3.3.3 key=value…` arguments, parsed with the rules of
// scrcpy 3.3.3's Options.parse (same defaults, same quirks: max_size is floored to a multiple of 8,
// booleans are Java's Boolean.parseBoolean, scid is hexadecimal, unknown keys only warn). Pure.

export const SCRCPY_SERVER_VERSION = '3.3.3';

export class ServerOptionsError extends Error {
  override readonly name = 'ServerOptionsError';
}

export interface ServerOptions {
  /** -1 = none (socket "scrcpy"), else the 31-bit id in the socket name "scrcpy_%08x". */
  scid: number;
  logLevel: 'verbose' | 'debug' | 'info' | 'warn' | 'error';
  video: boolean;
  audio: boolean;
  control: boolean;
  videoCodec: string;
  videoSource: string;
  maxSize: number;
  videoBitRate: number;
  maxFps: number;
  tunnelForward: boolean;
  displayId: number;
  clipboardAutosync: boolean;
  powerOn: boolean;
  /** CleanUp turns the screen off (POWER) when the server exits. */
  powerOffOnClose: boolean;
  cleanup: boolean;
  sendDeviceMeta: boolean;
  sendFrameMeta: boolean;
  sendDummyByte: boolean;
  sendCodecMeta: boolean;
  listEncoders: boolean;
  listDisplays: boolean;
  listCameras: boolean;
  listCameraSizes: boolean;
  listApps: boolean;
  /** Keys the server does not know; scrcpy logs a warning for each and goes on. */
  unknownKeys: string[];
}

export const DEFAULT_SERVER_OPTIONS: Readonly<ServerOptions> = {
  scid: -1,
  logLevel: 'info',
  video: true,
  audio: true,
  control: true,
  videoCodec: 'h264',
  videoSource: 'display',
  maxSize: 0,
  videoBitRate: 8_000_000,
  maxFps: 0,
  tunnelForward: false,
  displayId: 0,
  clipboardAutosync: true,
  powerOn: true,
  powerOffOnClose: false,
  cleanup: true,
  sendDeviceMeta: true,
  sendFrameMeta: true,
  sendDummyByte: true,
  sendCodecMeta: true,
  listEncoders: false,
  listDisplays: false,
  listCameras: false,
  listCameraSizes: false,
  listApps: false,
  unknownKeys: [],
};

/** Java's Boolean.parseBoolean: "true" in any case is true, anything else false. */
const javaBoolean = (value: string) => value.toLowerCase() === 'true';

function javaInt(key: string, value: string, radix = 10): number {
  const pattern = radix === 16 ? /^[+-]?[0-9a-fA-F]+$/ : /^[+-]?\d+$/;
  const n = pattern.test(value) ? parseInt(value, radix) : NaN;
  if (!Number.isSafeInteger(n) || n > 0x7fffffff || n < -0x80000000) {
    throw new ServerOptionsError(`Invalid integer for ${key}: "${value}"`);
  }
  return n;
}

function javaFloat(key: string, value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n))
    throw new ServerOptionsError(`Invalid float value for ${key}: "${value}"`);
  return n;
}

const BOOLEAN_KEYS: Record<string, keyof ServerOptions> = {
  video: 'video',
  audio: 'audio',
  control: 'control',
  tunnel_forward: 'tunnelForward',
  clipboard_autosync: 'clipboardAutosync',
  power_on: 'powerOn',
  power_off_on_close: 'powerOffOnClose',
  cleanup: 'cleanup',
  send_device_meta: 'sendDeviceMeta',
  send_frame_meta: 'sendFrameMeta',
  send_dummy_byte: 'sendDummyByte',
  send_codec_meta: 'sendCodecMeta',
  list_encoders: 'listEncoders',
  list_displays: 'listDisplays',
  list_cameras: 'listCameras',
  list_camera_sizes: 'listCameraSizes',
  list_apps: 'listApps',
};

/** Options scrcpy accepts that change nothing on a simulated screen without audio, camera or IME. */
const ACCEPTED_WITHOUT_EFFECT = new Set([
  'audio_codec',
  'audio_source',
  'audio_dup',
  'audio_bit_rate',
  'angle',
  'crop',
  'show_touches',
  'stay_awake',
  'screen_off_timeout',
  'video_codec_options',
  'audio_codec_options',
  'video_encoder',
  'audio_encoder',
  'downsize_on_error',
  'camera_id',
  'camera_size',
  'camera_facing',
  'camera_ar',
  'camera_fps',
  'camera_high_speed',
  'new_display',
  'vd_destroy_content',
  'vd_system_decorations',
  'capture_orientation',
  'display_ime_policy',
]);

const LOG_LEVELS = new Set(['verbose', 'debug', 'info', 'warn', 'error']);

/** `args[0]` is the client version; the rest are key=value pairs. */
export function parseServerOptions(args: readonly string[]): ServerOptions {
  const clientVersion = args[0];
  if (clientVersion === undefined) throw new ServerOptionsError('Missing client version');
  if (clientVersion !== SCRCPY_SERVER_VERSION) {
    throw new ServerOptionsError(
      `The server version (${SCRCPY_SERVER_VERSION}) does not match the client (${clientVersion})`,
    );
  }
  const o: ServerOptions = { ...DEFAULT_SERVER_OPTIONS, unknownKeys: [] };
  for (const arg of args.slice(1)) {
    const eq = arg.indexOf('=');
    if (eq === -1) throw new ServerOptionsError(`Invalid key=value pair: "${arg}"`);
    const key = arg.slice(0, eq);
    const value = arg.slice(eq + 1);
    const boolKey = BOOLEAN_KEYS[key];
    if (boolKey) {
      (o as unknown as Record<string, unknown>)[boolKey] = javaBoolean(value);
      continue;
    }
    switch (key) {
      case 'scid': {
        const scid = javaInt(key, value, 16);
        if (scid < -1) throw new ServerOptionsError(`scid may not be negative (except -1 for 'none'): ${scid}`);
        o.scid = scid;
        break;
      }
      case 'log_level':
        if (!LOG_LEVELS.has(value.toLowerCase())) throw new ServerOptionsError(`Invalid log level: ${value}`);
        o.logLevel = value.toLowerCase() as ServerOptions['logLevel'];
        break;
      case 'video_codec':
        if (!['h264', 'h265', 'av1'].includes(value))
          throw new ServerOptionsError(`Video codec ${value} not supported`);
        o.videoCodec = value;
        break;
      case 'video_source':
        if (!['display', 'camera'].includes(value)) throw new ServerOptionsError(`Video source ${value} not supported`);
        o.videoSource = value;
        break;
      case 'max_size':
        o.maxSize = javaInt(key, value) & ~7;
        break;
      case 'video_bit_rate':
        o.videoBitRate = javaInt(key, value);
        break;
      case 'max_fps':
        o.maxFps = javaFloat(key, value);
        break;
      case 'display_id':
        o.displayId = javaInt(key, value);
        break;
      case 'raw_stream':
        if (javaBoolean(value)) {
          o.sendDeviceMeta = false;
          o.sendFrameMeta = false;
          o.sendDummyByte = false;
          o.sendCodecMeta = false;
        }
        break;
      default:
        if (!ACCEPTED_WITHOUT_EFFECT.has(key)) o.unknownKeys.push(key);
    }
  }
  return o;
}

/** DesktopConnection.getSocketName: "scrcpy" without scid, else "scrcpy_%08x". */
export function socketName(scid: number): string {
  return scid === -1 ? 'scrcpy' : `scrcpy_${scid.toString(16).padStart(8, '0')}`;
}
