// dumpsys: looks the service up in one table and prints its dump, as the dumpsys tool asks a binder service
// for its dump. One file per service; a service's handler gets the words after its name.
import type { SimulatedAndroid } from '../../../device';
import type { Command } from '../../context';
import { battery } from './battery';
import { dumpDisplay } from './display';
import { dumpInput } from './input';
import { dumpLabState } from './lab-state';
import { dumpActivity } from './activity';
import { dumpPackage } from './package';
import { dumpPower } from './power';
import { dumpWindow } from './window';
import { dumpMeminfo } from './meminfo';
import { dumpLocation } from './location';
import { dumpBatterystats } from './batterystats';
import { dumpSurfaceFlinger } from './surfaceflinger';

export type DumpsysService = (android: SimulatedAndroid, args: string[]) => string;

export const DUMPSYS_SERVICES: Record<string, DumpsysService> = {
  activity: dumpActivity,
  SurfaceFlinger: dumpSurfaceFlinger,
  battery,
  batterystats: dumpBatterystats,
  display: dumpDisplay,
  input: dumpInput,
  location: dumpLocation,
  meminfo: dumpMeminfo,
  package: dumpPackage,
  power: dumpPower,
  tactile_lab: dumpLabState,
  window: dumpWindow,
};

export const dumpsys: Command = async ({ argv, android, out, err }) => {
  const name = argv[1];
  const names = Object.keys(DUMPSYS_SERVICES).sort();
  if (name === undefined || name === '-l') {
    await out(`Currently running services:\n${names.map((n) => `  ${n}\n`).join('')}`);
    // Without arguments dumpsys goes on to dump every service in turn.
    if (name === undefined) {
      for (const n of names)
        await out(
          `-------------------------------------------------------------------------------\nDUMP OF SERVICE ${n}:\n${DUMPSYS_SERVICES[n]!(android, [])}`,
        );
    }
    return 0;
  }
  const service = Object.hasOwn(DUMPSYS_SERVICES, name) ? DUMPSYS_SERVICES[name] : undefined;
  if (service === undefined) {
    // dumpsys reports a missing service on stderr and still exits 0.
    await err(`Can't find service: ${name}\n`);
    return 0;
  }
  await out(service(android, argv.slice(2)));
  return 0;
};
