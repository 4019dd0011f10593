// `svc wifi|data|bluetooth|nfc enable|disable` and `svc power stayon true|false|usb|ac|wireless`: the radios'
// and the stay-awake setting behind Settings (global wifi_on, mobile_data, bluetooth_on, nfc_on,
// stay_on_while_plugged_in), as the framework's svc commands change them. A wrong word prints svc's usage.
import type { Command } from '../context';

const RADIOS: Readonly<Record<string, string>> = {
  wifi: 'wifi_on',
  data: 'mobile_data',
  bluetooth: 'bluetooth_on',
  nfc: 'nfc_on',
};
/** BatteryManager plug types a device stays awake on: AC 1, USB 2, wireless 4. */
const STAY_ON: Readonly<Record<string, string>> = { true: '7', false: '0', ac: '1', usb: '2', wireless: '4' };

const USAGE =
  'Available commands:\n    help     Show information about the subcommands\n    power    Control the power manager\n    data     Control mobile data connectivity\n' +
  '    wifi     Control the Wi-Fi manager\n    usb      Control Usb state\n    nfc      Control NFC functions\n    bluetooth Control Bluetooth service\n';

export const svc: Command = async ({ argv, android, out }) => {
  const [service, verb, value] = argv.slice(1);
  const setting = service === undefined ? undefined : RADIOS[service];
  if (setting !== undefined && (verb === 'enable' || verb === 'disable')) {
    android.settings.put('global', setting, verb === 'enable' ? '1' : '0');
    return 0;
  }
  if (service === 'power' && verb === 'stayon' && value !== undefined && value in STAY_ON) {
    android.settings.put('global', 'stay_on_while_plugged_in', STAY_ON[value]!);
    return 0;
  }
  await out(USAGE);
  return service === undefined || service === 'help' ? 0 : 1;
};
