// `setprop NAME VALUE` as the shell user: read-only (ro.*) properties that are set cannot change, and a value
// is at most 91 bytes (PROP_VALUE_MAX − 1) except for ro.*. The lab's test faults are properties too
// (persist.tactile.sim.*, see virtual-device/helper/sim-faults.ts), off unless set.
import type { Command } from '../context';

const PROP_VALUE_MAX = 92;

export const setprop: Command = async ({ argv, android, err }) => {
  const [, name, value, ...rest] = argv;
  if (name === undefined || value === undefined || rest.length > 0) {
    await err('usage: setprop NAME VALUE\n');
    return 1;
  }
  const refuse = async () => {
    await err(`setprop: failed to set property '${name}' to '${value}'\n`);
    return 1;
  };
  if (!/^[A-Za-z0-9_.\-:@]+$/.test(name)) return refuse();
  if (name.startsWith('ro.') && android.props.has(name)) return refuse();
  if (!name.startsWith('ro.') && Buffer.byteLength(value) >= PROP_VALUE_MAX) return refuse();
  android.props.set(name, value);
  return 0;
};
