// System properties (`getprop`) of the virtual phone, derived from its configuration.

/** ro.build.version.release for each SDK level. */
const RELEASE: Record<number, string> = {
  21: '5.0',
  22: '5.1',
  23: '6.0',
  24: '7.0',
  25: '7.1.1',
  26: '8.0.0',
  27: '8.1.0',
  28: '9',
  29: '10',
  30: '11',
  31: '12',
  32: '12',
  33: '13',
  34: '14',
  35: '15',
  36: '16',
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
  const buildId = `TVD1.${id.sdk}0101`;
  // Monthly patch levels: the year an API level shipped (API 34 in 2023, patched into 2024), on the 5th as Google's.
  const securityPatch = `${2000 + id.sdk - 10}-08-05`;
  const description = `${id.productName}-userdebug ${release} ${buildId} 1 test-keys`;
  const props: Record<string, string> = {
    'init.svc.adbd': 'running',
    'persist.sys.usb.config': 'adb',
    'ro.adb.secure': '1',
    'ro.boot.serialno': id.serial,
    'ro.build.date': 'Mon Dec  1 00:00:00 UTC 2025',
    'ro.build.date.utc': '1764547200',
    'ro.build.description': description,
    'ro.build.display.id': description,
    'ro.build.host': 'tactile-build',
    'ro.build.tags': 'test-keys',
    'ro.build.user': 'tactile',
    'ro.build.version.incremental': '1',
    'ro.build.version.preview_sdk': '0',
    'ro.build.version.security_patch': securityPatch,
    'ro.product.first_api_level': String(id.sdk),
    'ro.product.cpu.abilist32': '',
    'ro.product.cpu.abilist64': 'x86_64,arm64-v8a',
    'ro.revision': '0',
    'sys.usb.config': 'adb',
    'sys.usb.state': 'adb',
    'ro.build.characteristics': 'phone',
    'ro.build.fingerprint': `${id.manufacturer.toLowerCase()}/${id.productName}/${id.device}:${release}/${buildId}/1:userdebug/test-keys`,
    'ro.build.id': buildId,
    'ro.build.type': 'userdebug',
    'ro.build.version.codename': 'REL',
    'ro.build.version.release': release,
    'ro.build.version.sdk': String(id.sdk),
    'ro.debuggable': '1',
    'ro.hardware': 'tactile',
    'ro.product.system.model': id.model,
    'ro.product.vendor.manufacturer': id.manufacturer,
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
    'gsm.sim.state': 'ABSENT',
    'persist.sys.timezone': 'UTC',
    'service.adb.root': '0',
    'sys.boot_completed': '1',
  };
  return new Map(Object.entries(props).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
