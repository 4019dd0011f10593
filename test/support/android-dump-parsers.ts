// What third-party adb clients (adbutils, uiautomator2, @yume-chan/adb users, shell scripts) pull out of Android's
// system dumps, written the way they do it: regular expressions over the text. Tests run the same parser over a
// real Android 14 fixture and over the virtual device's answer, and compare what comes out.

export interface Frame {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const num = (s: string | undefined) => (s === undefined ? undefined : Number(s));
const rect = (m: RegExpExecArray | null, at: number): Frame | undefined =>
  m ? { left: Number(m[at]), top: Number(m[at + 1]), right: Number(m[at + 2]), bottom: Number(m[at + 3]) } : undefined;

/** `dumpsys display`: the valid viewport (as adbutils' window size / rotation), the panel and the logical display. */
export function parseDumpsysDisplay(text: string) {
  const vp =
    /DisplayViewport\{type=(\w+), valid=true, isActive=(\w+), displayId=(\d+), uniqueId='([^']*)', physicalPort=(\w+), orientation=(\d+), logicalFrame=Rect\((-?\d+), (-?\d+) - (-?\d+), (-?\d+)\), physicalFrame=Rect\((-?\d+), (-?\d+) - (-?\d+), (-?\d+)\), deviceWidth=(\d+), deviceHeight=(\d+)\}/.exec(
      text,
    );
  const device =
    /DisplayDeviceInfo\{"([^"]+)": uniqueId="([^"]+)", (\d+) x (\d+),.*?, density (\d+),.*?, rotation (\d+), type (\w+),.*?, state (\w+),/.exec(
      text,
    );
  const override =
    /mOverrideDisplayInfo=DisplayInfo\{.*?, real (\d+) x (\d+),.*?, rotation (\d+), state (\w+),.*?, app (\d+) x (\d+), density (\d+) /.exec(
      text,
    );
  return {
    viewport: vp && {
      type: vp[1],
      isActive: vp[2] === 'true',
      displayId: Number(vp[3]),
      uniqueId: vp[4],
      orientation: Number(vp[6]),
      logicalFrame: rect(vp, 7),
      physicalFrame: rect(vp, 11),
      deviceWidth: Number(vp[15]),
      deviceHeight: Number(vp[16]),
    },
    device: device && {
      name: device[1],
      uniqueId: device[2],
      width: Number(device[3]),
      height: Number(device[4]),
      density: Number(device[5]),
      rotation: Number(device[6]),
      type: device[7],
      state: device[8],
    },
    logical: override && {
      width: Number(override[1]),
      height: Number(override[2]),
      rotation: Number(override[3]),
      state: override[4],
      density: Number(override[7]),
    },
    stableSize: ((m) => m && { width: Number(m[1]), height: Number(m[2]) })(
      /mStableDisplaySize=Point\((\d+), (\d+)\)/.exec(text),
    ),
    displayState: /^ {2}Display State=(\w+)$/m.exec(text)?.[1],
  };
}

/** `dumpsys window displays`: sizes from the init/base/cur line, focus, and DisplayRotation's fields. */
export function parseWindowDisplays(text: string) {
  const line =
    /^\s*init=(\d+)x(\d+) (\d+)dpi.*?(?: base=(\d+)x(\d+) (\d+)dpi)?.*? cur=(\d+)x(\d+) app=(\d+)x(\d+)/m.exec(text);
  const focus = /mCurrentFocus=Window\{\S+ u0 ([^\s}/]+)\/([^\s}]+)\}/.exec(text);
  const app = /mFocusedApp=ActivityRecord\{\S+ u0 ([^\s/]+)\/(\S+) t(\d+)\}/.exec(text);
  return {
    init: line && { width: Number(line[1]), height: Number(line[2]), density: Number(line[3]) },
    base: line?.[4] === undefined ? null : { width: Number(line[4]), height: num(line[5]), density: num(line[6]) },
    cur: line && { width: Number(line[7]), height: Number(line[8]) },
    app: line && { width: Number(line[9]), height: Number(line[10]) },
    focusedWindow: focus && { package: focus[1], activity: focus[2] },
    focusedApp: app && { package: app[1], activity: app[2], task: Number(app[3]) },
    rotation: num(/^\s*mRotation=(\d+) mDeferredRotationPauseCount=/m.exec(text)?.[1]),
    userRotationMode: /mUserRotationMode=(\w+)/.exec(text)?.[1],
    userRotation: /mUserRotation=(ROTATION_\d+)/.exec(text)?.[1],
    frames: ((m) => m && { width: Number(m[1]), height: Number(m[2]), rotation: Number(m[3]) })(
      /^\s*DisplayFrames w=(\d+) h=(\d+) r=(\d)/m.exec(text),
    ),
  };
}

/** `dumpsys window windows`: every window's title, type and frame, top of the Z order first. */
export function parseWindowWindows(text: string) {
  const windows: Array<{ title: string; type: string; frame: Frame | undefined; visible: boolean }> = [];
  const blocks = text.split(/^ {2}Window #\d+ /m).slice(1);
  for (const b of blocks) {
    const title = /^Window\{\S+ u0 (.+?)\}:/.exec(b)?.[1] ?? '';
    windows.push({
      title,
      type: / ty=(\w+)/.exec(b)?.[1] ?? '',
      frame: rect(/ frame=\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]/.exec(b), 1),
      visible: /^\s*isVisible=true/m.test(b),
    });
  }
  return { windows, topFocusedDisplayId: num(/mTopFocusedDisplayId=(\d+)/.exec(text)?.[1]) };
}

/** `dumpsys input`: the touchscreen's viewport and surface lines (adbutils reads SurfaceOrientation). */
export function parseDumpsysInput(text: string) {
  const vp =
    /Viewport INTERNAL: displayId=(\d+), uniqueId=(\S+), port=(\w+), orientation=(\d+), logicalFrame=\[(-?\d+), (-?\d+), (-?\d+), (-?\d+)\], physicalFrame=\[(-?\d+), (-?\d+), (-?\d+), (-?\d+)\], deviceSize=\[(\d+), (\d+)\]/.exec(
      text,
    );
  return {
    viewport: vp && {
      displayId: Number(vp[1]),
      orientation: Number(vp[4]),
      logicalFrame: rect(vp, 5),
      physicalFrame: rect(vp, 9),
      deviceSize: [Number(vp[13]), Number(vp[14])],
    },
    surfaceWidth: num(/SurfaceWidth: (\d+)px/.exec(text)?.[1]),
    surfaceHeight: num(/SurfaceHeight: (\d+)px/.exec(text)?.[1]),
    surfaceOrientation: num(/SurfaceOrientation:\s+(\d+)/.exec(text)?.[1]),
    touchMode: /Touch Input Mapper \(mode - (\w+)\)/.exec(text)?.[1],
    focusedWindow: /FocusedWindows:\s*\n\s*displayId=0, name='\S+ ([^']+)'/.exec(text)?.[1],
  };
}

/** `dumpsys power`: is the screen on (adbutils: mHoldingDisplaySuspendBlocker=true; scripts: mWakefulness). */
export function parseDumpsysPower(text: string) {
  const bool = (key: string) =>
    ((v) => (v === undefined ? undefined : v === 'true'))(new RegExp(`^\\s*${key}=(true|false)`, 'm').exec(text)?.[1]);
  return {
    wakefulness: /mWakefulness=(\w+)/.exec(text)?.[1],
    holdingDisplaySuspendBlocker: bool('mHoldingDisplaySuspendBlocker'),
    isPowered: bool('mIsPowered'),
    plugType: num(/mPlugType=(\d+)/.exec(text)?.[1]),
    screenOffTimeout: num(/mScreenOffTimeoutSetting=(\d+)/.exec(text)?.[1]),
    displayPower: /^Display Power: state=(\w+)/m.exec(text)?.[1],
  };
}

/** `dumpsys battery`: the `key: value` lines of the state block. */
export function parseDumpsysBattery(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  const body = text.slice(text.indexOf('Current Battery Service state:'));
  for (const m of body.matchAll(/^ {2}([A-Za-z][A-Za-z ]*): (.*)$/gm)) out[m[1]!] = m[2]!;
  return out;
}

/** `getprop`: `[key]: [value]` lines (values may span lines), as adbkit and adbutils read them. */
export function parseGetprop(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of text.matchAll(/^\[([\s\S]*?)\]: \[([\s\S]*?)\]\r?$/gm)) out[m[1]!] = m[2]!;
  return out;
}
