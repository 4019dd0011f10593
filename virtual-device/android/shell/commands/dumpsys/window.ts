// `dumpsys window [displays|windows|NAME]` in WindowManagerService's layout (Android 14): DisplayContent.dump
// with init/base/cur/app sizes, focus and DisplayRotation; WindowState.dump per window, top of the Z order first.
import type { SimulatedAndroid } from '../../../device';
import type { A11yWindow } from '../../../../lab/types';
import { SYSTEMUI_PACKAGE } from '../../../../lab/view-spec';
import { activityStack, resumedTask, TASK_IDS } from '../../../activity-stack';
import { SYSTEM_SERVER_PID } from '../../../process-list';
import { rotationName, token } from './names';
import { identityHash } from './records';

/** The focused window as WindowState.toString names it: an activity's window by its component. */
function focusedWindow(android: SimulatedAndroid): string {
  const win = android.lab.snapshot().windows.find((w) => w.focused);
  const t = resumedTask(android);
  if (!win || win.wm_type === 'TYPE_BASE_APPLICATION')
    return `Window{${t.windowHash} u0 ${t.packageName}/${t.activity}}`;
  return `Window{${token(win.id)} u0 ${win.title}}`;
}

function focusLines(android: SimulatedAndroid): string[] {
  return [`  mCurrentFocus=${focusedWindow(android)}`, `  mFocusedApp=${resumedTask(android).record}`];
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

/** One WindowState as WMS lists it; the owner's uid is its package's, the session its process's pid. */
interface WmWindow {
  hash: string;
  title: string;
  packageName: string;
  type: string;
  bounds: A11yWindow['bounds'];
  rootTaskId: number;
  visible: boolean;
  /** Extra mAttrs words (gravity, flags) of system windows. */
  attrs?: string;
}

/** Gesture navigation's bar: the handle's strip at the bottom (24 dp), touched by nobody (edge swipes go to Quickstep). */
const NAV_BAR_DP = 24;
const NAV_BAR_ID = 20;

function navigationBar(android: SimulatedAndroid): WmWindow {
  const d = android.display;
  const h = Math.round((NAV_BAR_DP * d.density) / 160);
  return {
    hash: token(NAV_BAR_ID),
    title: 'NavigationBar0',
    packageName: SYSTEMUI_PACKAGE,
    type: 'NAVIGATION_BAR',
    bounds: { left: 0, top: d.height - h, right: d.width, bottom: d.height },
    rootTaskId: TASK_IDS.homeRoot,
    visible: true,
    attrs: ' gr=BOTTOM CENTER_VERTICAL sim={adjust=pan}',
  };
}

/** Every window WMS holds, top of the Z order first: what is on screen, then the stopped activities' windows. */
function wmWindows(android: SimulatedAndroid): WmWindow[] {
  const d = android.display;
  const full = { left: 0, top: 0, right: d.width, bottom: d.height };
  const stack = activityStack(android);
  const shown = [...android.lab.snapshot().windows]
    .sort((a, b) => b.layer - a.layer)
    .map((w): WmWindow => {
      if (w.wm_type !== 'TYPE_BASE_APPLICATION') {
        return {
          hash: token(w.id),
          title: w.title,
          packageName: w.package_name,
          type: w.wm_type.replace(/^TYPE_/, ''),
          bounds: w.bounds,
          rootTaskId: TASK_IDS.homeRoot,
          visible: true,
        };
      }
      const t = stack[0]!;
      return {
        hash: t.windowHash,
        title: `${t.packageName}/${t.activity}`,
        packageName: t.packageName,
        type: 'BASE_APPLICATION',
        bounds: w.bounds,
        rootTaskId: t.home ? TASK_IDS.homeRoot : t.id,
        visible: true,
      };
    });
  const stopped = stack.slice(1).map((t): WmWindow => ({
    hash: t.windowHash,
    title: `${t.packageName}/${t.activity}`,
    packageName: t.packageName,
    type: 'BASE_APPLICATION',
    bounds: full,
    rootTaskId: t.home ? TASK_IDS.homeRoot : t.id,
    visible: false,
  }));
  return [navigationBar(android), ...shown, ...stopped];
}

/** UserHandle.formatUid as Session.toString prints it: u0a150 for apps, the number for system uids. */
const sessionUid = (uid: number) => (uid >= 10_000 ? `u0a${uid - 10_000}` : String(uid));

function windowState(android: SimulatedAndroid, w: WmWindow, index: number): string[] {
  const d = android.display;
  const b = w.bounds;
  const [width, height] = [b.right - b.left, b.bottom - b.top];
  const uid = android.packages.get(w.packageName)?.uid ?? 1000;
  const pid = android.processList.processOf(w.packageName)?.pid ?? SYSTEM_SERVER_PID;
  const size = `${width === d.width ? 'fillx' : `${width}x`}${height === d.height ? 'fill' : height}`;
  return [
    `  Window #${index} Window{${w.hash} u0 ${w.title}}:`,
    `    mDisplayId=0 rootTaskId=${w.rootTaskId} mSession=Session{${identityHash(`session:${pid}`)} ${pid}:${sessionUid(uid)}} mClient=android.os.BinderProxy@${identityHash(`client:${w.hash}`)}`,
    `    mOwnerUid=${uid} showForAllUsers=${w.type !== 'BASE_APPLICATION'} package=${w.packageName} appop=NONE`,
    `    mAttrs={(${b.left},${b.top})(${size})${w.attrs ?? ''} ty=${w.type} fmt=TRANSLUCENT}`,
    `    Requested w=${width} h=${height} mLayoutSeq=52`,
    `    mBaseLayer=${w.type === 'BASE_APPLICATION' ? 21_000 : 141_000} mSubLayer=0    mToken=WindowToken{${identityHash(`wtoken:${w.hash}`)} ${w.title}}`,
    // View.VISIBLE (0x0) while shown; a stopped activity's window is GONE (0x8).
    `    mViewVisibility=0x${w.visible ? '0' : '8'} mHaveFrame=true mObscured=false`,
    `    mHasSurface=${w.visible} isReadyForDisplay()=${w.visible} mWindowRemovalAllowed=false`,
    `    Frames: parent=[0,0][${d.width},${d.height}] display=[0,0][${d.width},${d.height}] frame=${frame(b)} last=${frame(b)} insetsChanged=false`,
    `    isOnScreen=${w.visible}`,
    `    isVisible=${w.visible}`,
  ];
}

function windowsSection(android: SimulatedAndroid, name?: string): string[] {
  const d = android.display;
  const dp = Math.round((Math.min(d.width, d.height) * 160) / d.density);
  const orientation = d.width > d.height ? 'land' : 'port';
  const bounds = `Rect(0, 0 - ${d.width}, ${d.height})`;
  const lines = wmWindows(android).flatMap((w, i) =>
    name === undefined || w.title.includes(name) ? windowState(android, w, i) : [],
  );
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
  if (section !== undefined && !section.startsWith('-'))
    return [WINDOWS, ...windowsSection(android, section)].join('\n');
  const rule = '-------------------------------------------------------------------------------';
  return [DISPLAYS, ...displayContent(android), rule, WINDOWS, ...windowsSection(android)].join('\n');
}
