import { describe, expect, it } from 'vitest';
import { displaySize, parseRotation, parseWmDensity, parseWmSize } from './device-info-parse';
import { android14Fixture } from '../../test/support/android14-fixtures';

describe('parseWmSize', () => {
  it('reads the physical size', () => {
    expect(parseWmSize('Physical size: 1080x2400\n')).toEqual({
      physical: { width: 1080, height: 2400 },
      override: null,
    });
  });
  it('reads an override next to it', () => {
    expect(parseWmSize('Physical size: 1440x3120\r\nOverride size: 1080x2340\r\n')).toEqual({
      physical: { width: 1440, height: 3120 },
      override: { width: 1080, height: 2340 },
    });
  });
  it('refuses other output with READ_FAILED and the text it got', () => {
    expect(() => parseWmSize('/system/bin/sh: wm: not found\n')).toThrow(
      expect.objectContaining({ code: 'READ_FAILED', message: expect.stringContaining('wm: not found') }),
    );
  });
});

describe('parseWmDensity', () => {
  it('reads physical and override density', () => {
    expect(parseWmDensity('Physical density: 420\n')).toEqual({ physical: 420, override: null });
    expect(parseWmDensity('Physical density: 560\nOverride density: 480\n')).toEqual({ physical: 560, override: 480 });
  });
  it('refuses other output', () => {
    expect(() => parseWmDensity('')).toThrow(expect.objectContaining({ code: 'READ_FAILED' }));
  });
});

describe('parseRotation', () => {
  it('reads DisplayRotation from dumpsys window', () => {
    expect(
      parseRotation(
        '  DisplayRotation\n    mCurrentAppOrientation=UNSPECIFIED\n    mLastOrientation=-1\n    mRotation=1 mDeferredRotationPauseCount=0\n',
      ),
    ).toBe(1);
  });
  it('reads mCurrentRotation in both spellings', () => {
    expect(parseRotation('  mCurrentRotation=ROTATION_270\n')).toBe(3);
    expect(parseRotation('mDisplayId=0 mCurrentRotation=2\n')).toBe(2);
  });
  it('reads dumpsys input (old SurfaceOrientation and the Android 13+ viewport)', () => {
    expect(parseRotation('      SurfaceOrientation: 3\n')).toBe(3);
    expect(
      parseRotation(
        '  Viewport INTERNAL: displayId=0, uniqueId=local:1, port=0, orientation=1, logicalFrame=[0, 0, 2400, 1080]\n',
      ),
    ).toBe(1);
  });
  it('does not mistake mUserRotation or mLandscapeRotation for the current rotation', () => {
    expect(
      parseRotation(
        'mUserRotationMode=USER_ROTATION_LOCKED mUserRotation=ROTATION_90\nmLandscapeRotation=ROTATION_90\n',
      ),
    ).toBeNull();
  });
  it('returns null when no rotation is printed', () => {
    expect(parseRotation('mCurrentFocus=Window{1 u0 com.tactile.lab/.MainActivity}\n')).toBeNull();
  });
});

describe('displaySize', () => {
  const size = { physical: { width: 1080, height: 2400 }, override: null };
  it('keeps portrait sizes and swaps for quarter turns', () => {
    expect(displaySize(size, 0)).toEqual({ width: 1080, height: 2400 });
    expect(displaySize(size, 2)).toEqual({ width: 1080, height: 2400 });
    expect(displaySize(size, 1)).toEqual({ width: 2400, height: 1080 });
    expect(displaySize(size, 3)).toEqual({ width: 2400, height: 1080 });
  });
  it('prefers the override size', () => {
    expect(displaySize({ ...size, override: { width: 720, height: 1600 } }, 1)).toEqual({ width: 1600, height: 720 });
  });
});

describe('real Android 14 output (test/fixtures/android14, Pixel 7)', () => {
  it('wm size and wm density, with and without overrides', () => {
    expect(parseWmSize(android14Fixture('wm-size'))).toEqual({
      physical: { width: 1080, height: 2400 },
      override: null,
    });
    expect(parseWmSize(android14Fixture('wm-size-override'))).toEqual({
      physical: { width: 1080, height: 2400 },
      override: { width: 720, height: 1600 },
    });
    expect(parseWmDensity(android14Fixture('wm-density'))).toEqual({ physical: 420, override: 320 });
  });

  it('the rotation of dumpsys window displays, portrait and locked to landscape', () => {
    expect(parseRotation(android14Fixture('dumpsys-window-displays'))).toBe(0);
    // DisplayRotation nests the orientation listener, whose mCurrentRotation=ROTATION_0 is the sensor's reading.
    expect(parseRotation(android14Fixture('dumpsys-window-displays-rotation1'))).toBe(1);
  });

  it('the rotation of dumpsys input', () => {
    expect(parseRotation(android14Fixture('dumpsys-input'))).toBe(0);
    const landscape = android14Fixture('dumpsys-input')
      .replace('orientation=0,', 'orientation=1,')
      .replace('SurfaceOrientation: 0', 'SurfaceOrientation: 1');
    expect(parseRotation(landscape)).toBe(1);
  });

  it('ignores a mid-line winConfig mRotation in favour of DisplayRotation’s own line', () => {
    expect(
      parseRotation(
        '  mGlobalConfiguration={… winConfig={ mDisplayRotation=ROTATION_0 mRotation=ROTATION_90}}\n  DisplayRotation\n    mRotation=0 mDeferredRotationPauseCount=0\n',
      ),
    ).toBe(0);
  });
});
