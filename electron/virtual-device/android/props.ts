// System properties (`getprop`) of the virtual phone, derived from its configuration.

/** ro.build.version.release for each SDK level. */
const RELEASE: Record<number, string> = {
  21: '5.0', 22: '5.1', 23: '6.0', 24: '7.0', 25: '7.1.1', 26: '8.0.0', 27: '8.1.0', 28: '9', 29: '10', 30: '11',
  31: '12', 32: '12', 33: '13', 34: '14', 35: '15', 36: '16',
};

export interface DeviceIdentity {
  sdk: number;
  density: number;
  serial: string;
  model: string;
  manufacturer: string;
  productName: string;
  device: string;
}

export function buildProps(id: DeviceIdentity): Map<string, string> {
  const release = RELEASE[id.sdk] ?? String(id.sdk);
  const props: Record<string, string> = {
    'ro.build.characteristics': 'phone',
    'ro.build.fingerprint': `${id.manufacturer.toLowerCase()}/${id.productName}/${id.device}:${release}/TVD1.${id.sdk}0101/1:userdebug/test-keys`,
    'ro.build.id': `TVD1.${id.sdk}0101`,
    'ro.build.type': 'userdebug',
    'ro.build.version.codename': 'REL',
    'ro.build.version.release': release,
    'ro.build.version.sdk': String(id.sdk),
    'ro.debuggable': '1',
    'ro.hardware': 'tactile',
    'ro.product.board': 'tactile',
    'ro.product.brand': id.manufacturer.toLowerCase(),
    'ro.product.cpu.abi': 'x86_64',
    'ro.product.cpu.abilist': 'x86_64,arm64-v8a',
    'ro.product.device': id.device,
    'ro.product.locale': 'en-US',
    'ro.product.manufacturer': id.manufacturer,
    'ro.product.model': id.model,
    'ro.product.name': id.productName,
    'ro.secure': '1',
    'ro.serialno': id.serial,
    'ro.sf.lcd_density': String(id.density),
    'persist.sys.locale': 'en-US',
    'persist.sys.timezone': 'UTC',
    'service.adb.root': '0',
    'sys.boot_completed': '1',
  };
  return new Map(Object.entries(props).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
