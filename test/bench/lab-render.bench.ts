// Virtual device rendering and dumping costs, side by side: a 1080×2400 render of the lab's main screen
// after a visible change (goal < 15 ms p50; only the changed rows are read back), a cached render, PNG
// encoding, the ~2,000-node grid screen, and uiautomator's XML for it. Run: npx tsx test/bench/lab-render.bench.ts
import { createAndroidFileSystem } from '../../virtual-device/fs/android-tree';
import { SimulatedAndroid } from '../../virtual-device/android/device';
import { dumpActiveWindow } from '../../virtual-device/android/uiautomator-xml';

function stats(samples: number[]): { p50: number; p99: number } {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { p50: at(0.5), p99: at(0.99) };
}

async function time(
  label: string,
  n: number,
  setup: (i: number) => void,
  run: () => unknown | Promise<unknown>,
): Promise<[string, { p50: number; p99: number }]> {
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    setup(i);
    const t0 = performance.now();
    await run();
    samples.push(performance.now() - t0);
  }
  return [label, stats(samples)];
}

let t = 0;
const android = new SimulatedAndroid({
  fs: createAndroidFileSystem(),
  clock: () => t,
  sleep: async (ms) => void (t += ms),
});
const lab = android.lab;
const seek = 'com.tactile.lab:id/seekbar';
const rows: Array<[string, { p50: number; p99: number }]> = [];
android.renderer.render(); // warm up fonts and the canvas
rows.push(
  await time(
    'main screen: render after a seekbar change',
    200,
    (i) => lab.performAction(seek, 'set_progress', { value: i % 100 }),
    () => android.renderer.render(),
  ),
);
rows.push(
  await time(
    'main screen: cached render (no change)',
    200,
    () => undefined,
    () => android.renderer.render(),
  ),
);
rows.push(
  await time(
    'main screen: PNG encode (screencap -p)',
    20,
    (i) => lab.performAction(seek, 'set_progress', { value: i }),
    () => android.renderer.png(),
  ),
);
lab.performAction('com.tactile.lab:id/dense_button', 'click');
const nodes = lab.snapshot().nodes.length;
rows.push(
  await time(
    `grid screen (${nodes} nodes): full render`,
    30,
    () => lab.setOverlayVisible(!lab.snapshot().windows.some((w) => w.package_name === 'com.tactile.overlay')),
    () => android.renderer.render(),
  ),
);
rows.push(
  await time(
    `grid screen (${nodes} nodes): snapshot + uiautomator XML`,
    30,
    () => lab.setOverlayVisible(!lab.snapshot().windows.some((w) => w.package_name === 'com.tactile.overlay')),
    () => dumpActiveWindow(lab.snapshot()),
  ),
);
android.stop();

console.log('lab rendering (ms)                                   p50      p99');
for (const [label, s] of rows)
  console.log(`${label.padEnd(52)} ${s.p50.toFixed(2).padStart(7)}  ${s.p99.toFixed(2).padStart(7)}`);
const goal = rows[0]![1].p50;
console.log(`\nrender-after-change goal < 15 ms p50: ${goal < 15 ? 'met' : 'NOT met'} (${goal.toFixed(2)} ms)`);
