// Device info over adb: identity from getprop (parsed by adbkit), display from `wm size`, `wm density` and
// the rotation in `dumpsys window` (falling back to `dumpsys input`). The commands run in parallel.
import type { Rotation, ScreenSize } from '../../shared/observation';
import type { DeviceChannel } from './adb-server';
import { displaySize, parseRotation, parseWmDensity, parseWmSize } from './device-info-parse';
import { DeviceLayerError } from './errors';

export interface DeviceInfo {
  serial: string;
  server: string;
  model: string;
  manufacturer: string;
  /** ro.build.version.sdk */
  sdk: number;
  /** ro.build.version.release, e.g. "14" */
  release: string;
  /** What apps see now: override size if set, turned with the rotation. */
  screen: ScreenSize;
  /** `wm size` physical size, natural orientation. */
  physical_size: ScreenSize;
  /** Effective density (override when set), dpi. */
  density: number;
  rotation: Rotation;
}

export async function readRotation(adb: DeviceChannel, serial: string): Promise<Rotation> {
  const fromWindow = parseRotation(await adb.shell(serial, 'dumpsys window displays', { action: 'dumpsys window' }));
  if (fromWindow !== null) return fromWindow;
  const fromInput = parseRotation(await adb.shell(serial, 'dumpsys input', { action: 'dumpsys input' }));
  if (fromInput !== null) return fromInput;
  throw new DeviceLayerError(
    'READ_FAILED',
    `cannot read the display rotation of ${serial} from dumpsys window or dumpsys input`,
  );
}

export async function getDeviceInfo(adb: DeviceChannel, serial: string): Promise<DeviceInfo> {
  const [props, size, density, rotation] = await Promise.all([
    adb.getProperties(serial),
    adb.shell(serial, 'wm size', { action: 'wm size' }).then(parseWmSize),
    adb.shell(serial, 'wm density', { action: 'wm density' }).then(parseWmDensity),
    readRotation(adb, serial),
  ]);
  const sdkText = props['ro.build.version.sdk'] ?? '';
  const sdk = Number(sdkText);
  if (!/^\d+$/.test(sdkText)) {
    throw new DeviceLayerError(
      'READ_FAILED',
      `${serial}: ro.build.version.sdk is ${JSON.stringify(props['ro.build.version.sdk'] ?? null)}`,
    );
  }
  return {
    serial,
    server: adb.address,
    model: props['ro.product.model'] ?? '',
    manufacturer: props['ro.product.manufacturer'] ?? '',
    sdk,
    release: props['ro.build.version.release'] ?? '',
    screen: displaySize(size, rotation),
    physical_size: size.physical,
    density: density.override ?? density.physical,
    rotation,
  };
}
