// `dumpsys location` (LocationManagerService): the location setting, and for each provider (gps, network,
// fused) its last location, which is the test providers' mock fix while one is published (Location.toString:
// `Location[gps 48.856600,2.352200 hAcc=1.0 et=+1m2s3ms alt=0.0 mock]`).
import type { SimulatedAndroid } from '../../../device';

function elapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms));
  const m = Math.floor(total / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  return `+${m > 0 ? `${m}m` : ''}${s}s${total % 1000}ms`;
}

export function dumpLocation(android: SimulatedAndroid): string {
  const fix = android.location.mock;
  const provider = (name: string) => [
    `  ${name} provider:`,
    `    last location=${fix ? `Location[${name} ${fix.latitude.toFixed(6)},${fix.longitude.toFixed(6)} hAcc=1.0 et=${elapsed(fix.timeMs - android.bootTimeMs)} alt=0.0 mock]` : 'null'}`,
    `    enabled=true`,
    ...(fix ? ['    mock provider: true'] : []),
  ];
  return [
    'Location Manager State:',
    '  User Info:',
    '    current user: [0]',
    '  Location Setting: true',
    '',
    ...(fix
      ? [
          '  Last Known Locations:',
          ...['gps', 'network', 'fused'].map(
            (p) =>
              `    ${p}: Location[${p} ${fix.latitude.toFixed(6)},${fix.longitude.toFixed(6)} hAcc=1.0 et=${elapsed(fix.timeMs - android.bootTimeMs)} alt=0.0 mock]`,
          ),
          '',
        ]
      : []),
    ...provider('gps'),
    ...provider('network'),
    ...provider('fused'),
    '',
  ].join('\n');
}
