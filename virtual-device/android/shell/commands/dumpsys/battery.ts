// `dumpsys battery` in BatteryService.dumpInternal's layout (Android 14), and its shell verbs (set, unplug,
// reset) that tests use to fake a charger or a level.
import type { SimulatedAndroid } from '../../../device';

export function dumpBattery(android: SimulatedAndroid): string {
  const b = android.battery;
  const i = b.info;
  return [
    'Current Battery Service state:',
    ...(b.updatesStopped ? ["  (UPDATES STOPPED -- use 'reset' to restart)"] : []),
    `  AC powered: ${i.acPowered}`,
    `  USB powered: ${i.usbPowered}`,
    `  Wireless powered: ${i.wirelessPowered}`,
    `  Dock powered: ${i.dockPowered}`,
    `  Max charging current: ${i.maxChargingCurrent}`,
    `  Max charging voltage: ${i.maxChargingVoltage}`,
    `  Charge counter: ${i.chargeCounter}`,
    `  status: ${i.status}`,
    `  health: ${i.health}`,
    `  present: ${i.present}`,
    `  level: ${i.level}`,
    '  scale: 100',
    `  voltage: ${i.voltage}`,
    `  temperature: ${i.temperature}`,
    `  technology: ${i.technology}`,
    '  Charging state: 1',
    '  Charging policy: 1',
    '',
  ].join('\n');
}

/**
 * `dumpsys battery [set KEY VALUE | unplug | reset]`. The verbs run through BatteryService's shell on the dump's
 * own stream, so refusals print there too and dumpsys still exits 0; success prints nothing.
 */
export function battery(android: SimulatedAndroid, args: string[]): string {
  const [verb, key, value] = args;
  switch (verb) {
    case undefined:
      return dumpBattery(android);
    case 'unplug':
      android.battery.unplug();
      return '';
    case 'reset':
      android.battery.reset();
      return '';
    case 'set': {
      if (key === undefined) return 'No property specified\n';
      if (value === undefined) return 'No value specified\n';
      const refused = android.battery.set(key, value);
      return refused === null ? '' : `${refused}\n`;
    }
    default:
      return `Unknown command: ${verb}\n`;
  }
}
