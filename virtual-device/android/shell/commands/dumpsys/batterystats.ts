// `dumpsys batterystats [-c|--checkin]`: the checkin form starts with its version line and one `uid` line per
// package (BatteryStatsImpl.dumpCheckin), which is what the virtual device keeps; the human form its header.
import type { SimulatedAndroid } from '../../../device';

/** BatteryStats CHECKIN_VERSION and parcel version of Android 14. */
const CHECKIN = { version: 36, parcel: 214 };

export function dumpBatterystats(android: SimulatedAndroid, args: readonly string[]): string {
  const build = android.props.get('ro.build.id') ?? '';
  if (args.includes('-c') || args.includes('--checkin')) {
    const uids = android.packages.list().map((p) => `9,0,i,uid,${p.uid},${p.packageName}`);
    return `9,0,i,vers,${CHECKIN.version},${CHECKIN.parcel},${build},${build}\n${uids.join('\n')}\n`;
  }
  return `Battery History (0% used, 0 used of 4096KB, 0 strings using 0):\n\nPer-PID Stats:\n\nStatistics since last charge:\n  System starts: 1, currently on battery: false\n`;
}
