// Observe on the lab's ~2,000-node screen (issue 3 performance goal: parsing stays under 20 ms).
// Prints dump+parse (the whole `observe`), the dump alone, and the parse alone side by side, with
// fast-xml-parser on the same XML as the reference the parser was chosen against. Run: npm run bench:observe
import { XMLParser } from 'fast-xml-parser';
import { observe } from '../../electron/adb';
import { parseUiautomatorXml } from '../../shared/observation';
import { median, percentile, startRig } from './device-rig';

const PARSE_GOAL_MS = 20;
const DEVICE_RUNS = 15;
const PARSE_RUNS = 60;

const ms = (t0: bigint) => Number(process.hrtime.bigint() - t0) / 1e6;

async function time(runs: number, f: () => unknown): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    await f();
    out.push(ms(t0));
  }
  return out;
}

const rig = await startRig();
try {
  const { adb, serial } = rig;
  // The lab's "Grid" button (dense_button) opens the dense screen.
  const main = await observe(adb, serial);
  const grid = main.nodes.find((n) => n.resource_id === 'com.tactile.lab:id/dense_button');
  if (!grid) throw new Error('the lab shows no dense_button');
  const [l, t, r, b] = grid.bounds_px;
  await adb.shell(serial, `input tap ${Math.round((l + r) / 2)} ${Math.round((t + b) / 2)}`);
  const dense = await observe(adb, serial);
  if (dense.nodes.length < 1500) throw new Error(`the dense screen has ${dense.nodes.length} nodes`);

  const xml = (await adb.execOut(serial, 'uiautomator dump /dev/tty')).toString('utf8');
  const screen = dense.screen;
  const fxp = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '', isArray: (name) => name === 'node' });
  for (let i = 0; i < 10; i++) {
    parseUiautomatorXml(xml, screen);
    fxp.parse(xml);
  }

  const rows: Array<[string, number[]]> = [
    ['observe (dump + wm size + parse)', await time(DEVICE_RUNS, () => observe(adb, serial))],
    [
      'uiautomator dump alone (adb exec-out)',
      await time(DEVICE_RUNS, () => adb.execOut(serial, 'uiautomator dump /dev/tty')),
    ],
    ['parse alone (parseUiautomatorXml)', await time(PARSE_RUNS, () => parseUiautomatorXml(xml, screen))],
    ['reference: fast-xml-parser, tree only', await time(PARSE_RUNS, () => fxp.parse(xml))],
  ];

  console.log(
    `observe benchmark: ${dense.nodes.length} nodes, ${(xml.length / 1024).toFixed(0)} KiB of XML, ${screen.width}x${screen.height}`,
  );
  console.log(`${'what'.padEnd(40)}${'median ms'.padStart(11)}${'p90 ms'.padStart(10)}${'min ms'.padStart(10)}`);
  for (const [name, t] of rows) {
    console.log(
      `${name.padEnd(40)}${median(t).toFixed(2).padStart(11)}${percentile(t, 0.9).toFixed(2).padStart(10)}${Math.min(
        ...t,
      )
        .toFixed(2)
        .padStart(10)}`,
    );
  }
  const parseMedian = median(rows[2]![1]);
  const met = parseMedian < PARSE_GOAL_MS;
  console.log(
    `goal: parse alone < ${PARSE_GOAL_MS} ms (median): ${met ? 'met' : 'NOT met'} (${parseMedian.toFixed(2)} ms)`,
  );
  if (!met) process.exitCode = 1;
} finally {
  await rig.stop();
}
