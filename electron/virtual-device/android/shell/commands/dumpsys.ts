// dumpsys: the window manager's focus and display lines tools grep for, input's surface orientation,
// the resumed activity, and `tactile_lab` (the lab's state as JSON).
import type { SimulatedAndroid } from '../../device';
import type { Command } from '../context';
import { dumpActivity } from './dumpsys/activity';
import { dumpPackage } from './dumpsys/package';

const token = (id: number) => (0x5a3c10 + id * 0x1f2b).toString(16);
const ROTATIONS = ['ROTATION_0', 'ROTATION_90', 'ROTATION_180', 'ROTATION_270'];

function shortComponent(c: string): string {
  const [pkg, cls] = c.split('/') as [string, string];
  return cls.startsWith(`${pkg}.`) ? `${pkg}/${cls.slice(pkg.length)}` : c;
}

function focusLines(android: SimulatedAndroid): string {
  const focused = android.lab.focusedActivity ?? 'com.android.launcher3/com.android.launcher3.uioverride.QuickstepLauncher';
  const win = android.lab.snapshot().windows.find((w) => w.focused);
  return `  mCurrentFocus=Window{${token(win?.id ?? 0)} u0 ${focused}}\n  mFocusedApp=ActivityRecord{${token(100 + (win?.id ?? 0))} u0 ${shortComponent(focused)} t${android.lab.focusedActivity ? 42 : 1}}\n`;
}

function windowsSection(android: SimulatedAndroid): string {
  const snap = android.lab.snapshot();
  let s = 'WINDOW MANAGER WINDOWS (dumpsys window windows)\n';
  snap.windows.forEach((w, i) => {
    const name = w.package_name === 'com.tactile.lab' && android.lab.focusedActivity ? android.lab.focusedActivity : w.package_name;
    s += `  Window #${i} Window{${token(w.id)} u0 ${name}}:\n`;
    s += `    mDisplayId=0 rootTaskId=${w.layer === 1 ? 42 : -1} mSession=Session{${token(w.id + 7)} 0:u0a10${w.id}} mClient=android.os.BinderProxy@${token(w.id + 9)}\n`;
    s += `    mOwnerUid=10${100 + w.id} showForAllUsers=false package=${w.package_name}\n`;
    s += `    mAttrs={(${w.bounds.left},${w.bounds.top})(${w.bounds.right - w.bounds.left}x${w.bounds.bottom - w.bounds.top}) ty=${w.wm_type.replace(/^TYPE_/, '')}}\n`;
    s += `    mFrame=${`[${w.bounds.left},${w.bounds.top}][${w.bounds.right},${w.bounds.bottom}]`} isVisible=true\n`;
  });
  return `${s}\n${focusLines(android)}`;
}

function baseOf(d: SimulatedAndroid['display']): string {
  if (d.overrideSize === null && d.overrideDensity === null) return '';
  const size = d.overrideSize ?? { width: d.physicalWidth, height: d.physicalHeight };
  return ` base=${size.width}x${size.height} ${d.density}dpi`;
}

function displaysSection(android: SimulatedAndroid, withFocus = true): string {
  const d = android.display;
  return (
    'WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)\n' +
    `  Display: mDisplayId=0 rootTasks=2\n` +
    // As on Android, `base=` appears once `wm size` / `wm density` override the panel's own values.
    `    init=${d.physicalWidth}x${d.physicalHeight} ${d.physicalDensity}dpi${baseOf(d)} cur=${d.width}x${d.height} app=${d.width}x${d.height}\n` +
    `    mCurrentRotation=${ROTATIONS[d.rotation]}\n\n` +
    (withFocus ? focusLines(android) : '') +
    `\n  DisplayRotation\n    mCurrentAppOrientation=SCREEN_ORIENTATION_UNSPECIFIED\n    mRotation=${d.rotation} mDeferredRotationPauseCount=0\n` +
    `    mUserRotationMode=USER_ROTATION_LOCKED mUserRotation=${ROTATIONS[d.rotation]}\n`
  );
}

export const dumpsys: Command = async ({ argv, android, out }) => {
  const [service, section] = [argv[1], argv[2]];
  switch (service) {
    case undefined:
      await out('Currently running services:\n  activity\n  input\n  package\n  tactile_lab\n  window\n');
      return 0;
    case 'window':
      if (section === 'displays' || section === 'd') await out(displaysSection(android));
      else if (section === 'windows' || section === 'w') await out(windowsSection(android));
      else await out(`${displaysSection(android, false)}\n${windowsSection(android)}`);
      return 0;
    case 'input': {
      const d = android.display;
      const i = android.input;
      await out(
        `INPUT MANAGER (dumpsys input)\n\nInput Reader State:\n  Device 3: virtual-touchscreen\n    Touch Input Mapper (mode - DIRECT):\n` +
          `      Viewport INTERNAL: displayId=0, orientation=${d.rotation}, logicalFrame=[0, 0, ${d.width}, ${d.height}], deviceSize=[${d.physicalWidth}, ${d.physicalHeight}]\n` +
          `      SurfaceWidth: ${d.width}px\n      SurfaceHeight: ${d.height}px\n      SurfaceOrientation: ${d.rotation}\n` +
          `\nInput Dispatcher State:\n  PointersDown: ${i.pointersDown}\n  InjectedEvents: ${i.inputEventCount}\n`,
      );
      return 0;
    }
    case 'activity':
      await out(dumpActivity(android, argv.slice(2)));
      return 0;
    case 'package':
      await out(dumpPackage(android, argv.slice(2)));
      return 0;
    case 'tactile_lab': {
      const i = android.input;
      const state = {
        ...android.lab.stateJson(),
        input_event_count: i.inputEventCount,
        rejected_event_count: i.rejectedEventCount,
        max_pointers: i.maxPointers,
        pointers_down: i.pointersDown,
        last_gesture: i.lastGesture,
        version: android.lab.version,
      };
      await out(`${JSON.stringify(state, null, 2)}\n`);
      return 0;
    }
    default:
      await out(`Can't find service: ${service}\n`);
      return 0;
  }
};
