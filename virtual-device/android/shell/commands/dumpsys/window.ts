// `dumpsys window [displays|windows|NAME]` in WindowManagerService's layout (Android 14): DisplayContent.dump
// with init/base/cur/app sizes, focus and DisplayRotation; WindowState.dump per window, top of the Z order first.
import type { SimulatedAndroid } from '../../../device';
import type { A11yWindow } from '../../../../lab/types';
import { LAUNCHER_ACTIVITY, rotationName, shortComponent, token } from './names';


/** WindowState.toString's title: the activity component for an app window, the window's title otherwise. */
function windowTitle(android: SimulatedAndroid, w: A11yWindow): string {
  if (w.wm_type !== 'TYPE_BASE_APPLICATION') return w.title;
  return w.focused ? (android.lab.focusedActivity ?? LAUNCHER_ACTIVITY) : `${w.package_name}/${w.title}`;
}

function focusLines(android: SimulatedAndroid): string[] {
  const focused = android.lab.focusedActivity ?? LAUNCHER_ACTIVITY;
  const win = android.lab.snapshot().windows.find((w) => w.focused);
  const task = android.lab.focusedActivity ? 42 : 1;
  return [
    `  mCurrentFocus=Window{${token(win?.id ?? 0)} u0 ${focused}}`,
    `  mFocusedApp=ActivityRecord{${token(100 + (win?.id ?? 0))} u0 ${shortComponent(focused)} t${task}}`,
  ];
}

function displayContent(android: SimulatedAndroid): string[] {
  const d = android.display;
  const base = d.overrideSize ?? { width: d.physicalWidth, height: d.physicalHeight };
  // As DisplayContent.dump: `base=` only once `wm size` / `wm density` differ from the panel's own values.
  const overridden = d.overrideSize !== null || d.overrideDensity !== null;
  const [small, large] = [Math.min(d.width, d.height), Math.max(d.width, d.height)];
  const locked = android.rotationLocked;
  return [
    '  Display: mDisplayId=0 rootTasks=2',
    `    init=${d.physicalWidth}x${d.physicalHeight} ${d.physicalDensity}dpi mMinSizeOfResizeableTaskDp=220` +
      `${overridden ? ` base=${base.width}x${base.height} ${d.density}dpi` : ''} cur=${d.width}x${d.height} app=${d.width}x${d.height}` +
      ` rng=${small}x${small}-${large}x${large}`,
    `    deferred=false mLayoutNeeded=false mTouchExcludeRegion=SkRegion((0,0,${d.width},${d.height}))`,
    '',
    '  mLayoutSeq=52',
    ...focusLines(android),
    '  mHoldScreenWindow=null',
    '  mObscuringWindow=null',
    '  mLastWakeLockHoldingWindow=null',
    '  mLastWakeLockObscuringWindow=null',
    '',
    `  DisplayFrames w=${d.width} h=${d.height} r=${d.rotation}`,
    '',
    '  DisplayRotation',
    '    mCurrentAppOrientation=SCREEN_ORIENTATION_UNSPECIFIED',
    '    mLastOrientation=-1',
    `    mRotation=${d.rotation} mDeferredRotationPauseCount=0`,
    '    mLandscapeRotation=ROTATION_90 mSeascapeRotation=ROTATION_270',
    '    mPortraitRotation=ROTATION_0 mUpsideDownRotation=ROTATION_180',
    '    mSupportAutoRotation=true',
    '',
    '    mCarDockRotation=-1 mDeskDockRotation=-1',
    `    mUserRotationMode=${locked ? 'USER_ROTATION_LOCKED' : 'USER_ROTATION_FREE'} mUserRotation=${rotationName(locked ? d.rotation : Number(android.settings.get('system', 'user_rotation') ?? 0))}` +
      ' mCameraRotationMode=0 mAllowAllRotations=unknown',
    '    mDemoHdmiRotation=ROTATION_270 mDemoHdmiRotationLock=false mUndockedHdmiRotation=-1',
    '    mLidOpenRotation=-1',
    '    mFixedToUserRotation=false',
    '',
  ];
}

const frame = (b: A11yWindow['bounds']) => `[${b.left},${b.top}][${b.right},${b.bottom}]`;

function windowState(android: SimulatedAndroid, w: A11yWindow, index: number): string[] {
  const d = android.display;
  const b = w.bounds;
  const [width, height] = [b.right - b.left, b.bottom - b.top];
  const uid = w.package_name === 'com.android.systemui' ? 10150 : 10100 + w.id;
  return [
    `  Window #${index} Window{${token(w.id)} u0 ${windowTitle(android, w)}}:`,
    `    mDisplayId=0 rootTaskId=${w.layer === 1 ? 42 : 1} mSession=Session{${token(w.id + 7)} ${1200 + w.id}:u0a${uid - 10000}} mClient=android.os.BinderProxy@${token(w.id + 9)}`,
    `    mOwnerUid=${uid} showForAllUsers=${w.layer !== 1} package=${w.package_name} appop=NONE`,
    `    mAttrs={(${b.left},${b.top})(${width}x${height}) ty=${w.wm_type.replace(/^TYPE_/, '')} fmt=TRANSLUCENT}`,
    `    Requested w=${width} h=${height} mLayoutSeq=52`,
    '    mHasSurface=true isReadyForDisplay()=true mWindowRemovalAllowed=false',
    `    Frames: parent=[0,0][${d.width},${d.height}] display=[0,0][${d.width},${d.height}] frame=${frame(b)} last=${frame(b)} insetsChanged=false`,
    '    isOnScreen=true',
    '    isVisible=true',
  ];
}

function windowsSection(android: SimulatedAndroid, name?: string): string[] {
  const d = android.display;
  const dp = Math.round((Math.min(d.width, d.height) * 160) / d.density);
  const orientation = d.width > d.height ? 'land' : 'port';
  const bounds = `Rect(0, 0 - ${d.width}, ${d.height})`;
  const windows = [...android.lab.snapshot().windows].sort((a, b) => b.layer - a.layer);
  const lines = windows.flatMap((w, i) => (name === undefined || windowTitle(android, w).includes(name) ? windowState(android, w, i) : []));
  return [
    ...lines,
    '',
    `  mGlobalConfiguration={1.0 ?mcc?mnc [en_US] ldltr sw${dp}dp w${Math.round((d.width * 160) / d.density)}dp h${Math.round((d.height * 160) / d.density)}dp ` +
      `${d.density}dpi nrml long ${orientation} finger -keyb/v/h -nav/h winConfig={ mBounds=${bounds} mAppBounds=${bounds} mMaxBounds=${bounds} ` +
      `mDisplayRotation=${rotationName(d.rotation)} mWindowingMode=fullscreen mActivityType=undefined mAlwaysOnTop=undefined mRotation=${rotationName(d.rotation)}} s.12 fontWeightAdjustment=0}`,
    '  mHasPermanentDpad=false',
    '  mTopFocusedDisplayId=0',
    '  Minimum task size of display#0 220  mBlurEnabled=true',
    '  mLastDisplayFreezeDuration=0 due to new-config',
    '  mDisableSecureWindows=false',
    '  mHighResSnapshotScale=0.8',
    '  mSnapshotEnabled=true',
    '  SnapshotCache Task',
    '',
  ];
}

const DISPLAYS = 'WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)';
const WINDOWS = 'WINDOW MANAGER WINDOWS (dumpsys window windows)';

/** The argument WindowManagerService.doDump takes: a section (and its one-letter alias) or a window name. */
export function dumpWindow(android: SimulatedAndroid, args: string[]): string {
  const section = args[0];
  if (section === 'displays' || section === 'd') return [DISPLAYS, ...displayContent(android)].join('\n');
  if (section === 'windows' || section === 'w') return [WINDOWS, ...windowsSection(android)].join('\n');
  if (section !== undefined && !section.startsWith('-')) return [WINDOWS, ...windowsSection(android, section)].join('\n');
  const rule = '-------------------------------------------------------------------------------';
  return [DISPLAYS, ...displayContent(android), rule, WINDOWS, ...windowsSection(android)].join('\n');
}
