// Typed failures of the device layer, carrying the stable codes of shared/errors/index.ts. Every error
// leaving electron/adb is a DeviceLayerError; classifyAdbError turns adbkit's and the socket's errors into one.
import type { ErrorCode, TactileError } from '../../shared/errors';
import { Parser } from './adbkit';

export const ADB_INSTALL_HINT =
  'Install adb (Debian/Ubuntu: `apt-get install adb`; otherwise Android SDK Platform-Tools from ' +
  'developer.android.com/tools/releases/platform-tools) and put it on PATH, or start an adb server ' +
  '(`adb start-server`; the port follows ANDROID_ADB_SERVER_PORT, default 5037).';

export class DeviceLayerError extends Error implements TactileError {
  override readonly name = 'DeviceLayerError';
  readonly path = '';
  constructor(
    readonly code: ErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  toJSON(): TactileError {
    return { code: this.code, path: this.path, message: this.message };
  }
}

export interface ErrorContext {
  /** `host:port` of the adb server. */
  server: string;
  serial?: string;
  /** What was being done, for the message: "uiautomator dump", "screencap"… */
  action?: string;
}

const SERVER_DOWN = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

function errnoCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

export function classifyAdbError(err: unknown, ctx: ErrorContext): DeviceLayerError {
  if (err instanceof DeviceLayerError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const what = ctx.action ? `${ctx.action} on ${ctx.serial ?? ctx.server}` : (ctx.serial ?? ctx.server);
  const code = errnoCode(err);

  // adbkit runs `<bin> -P <port> start-server` when the server refuses; a missing binary surfaces as ENOENT.
  if (code === 'ENOENT' || code === 'EACCES') {
    return new DeviceLayerError(
      'ADB_UNAVAILABLE',
      `adb server at ${ctx.server} is not running and the adb binary could not be started (${message}). ${ADB_INSTALL_HINT}`,
      { cause: err },
    );
  }
  if (code !== undefined && SERVER_DOWN.has(code)) {
    return new DeviceLayerError(
      'ADB_UNAVAILABLE',
      `cannot reach the adb server at ${ctx.server} (${code}). ${ADB_INSTALL_HINT}`,
      { cause: err },
    );
  }
  if (err instanceof Parser.FailError || /^Failure: /.test(message)) {
    if (/device .*not found|no devices|device not found/i.test(message)) {
      return new DeviceLayerError(
        'DEVICE_NOT_FOUND',
        `no device ${JSON.stringify(ctx.serial ?? '')} on the adb server at ${ctx.server} (see \`tactile devices\`)`,
        { cause: err },
      );
    }
    if (/more than one (device|emulator)/i.test(message)) {
      return new DeviceLayerError(
        'AMBIGUOUS',
        `${JSON.stringify(ctx.serial ?? '')} names more than one device on the adb server at ${ctx.server}; give its serial (see \`tactile devices\`)`,
        { cause: err },
      );
    }
    if (/offline|unauthorized|connecting|authorizing/i.test(message)) {
      return new DeviceLayerError(
        'DEVICE_LOST',
        `${what}: the device is not usable (${message.replace(/^Failure: /, '')})`,
        { cause: err },
      );
    }
    return new DeviceLayerError('INTERNAL', `${what}: adb refused (${message})`, { cause: err });
  }
  if (err instanceof Parser.PrematureEOFError || code === 'EPIPE') {
    return new DeviceLayerError('DEVICE_LOST', `${what}: the connection closed in the middle of the command`, {
      cause: err,
    });
  }
  return new DeviceLayerError('INTERNAL', `${what}: ${message}`, { cause: err });
}
