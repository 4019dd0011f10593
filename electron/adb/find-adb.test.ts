import { describe, expect, it } from 'vitest';
import { findAdb } from './find-adb';

const only =
  (...files: string[]) =>
  (p: string) =>
    files.includes(p);

describe('findAdb', () => {
  it('prefers adb on PATH', () => {
    expect(
      findAdb({
        env: { PATH: '/usr/bin:/opt/x', ANDROID_HOME: '/sdk' },
        platform: 'linux',
        home: '/home/u',
        isFile: only('/opt/x/adb', '/sdk/platform-tools/adb'),
      }),
    ).toBe('/opt/x/adb');
  });
  it('falls back to ANDROID_HOME then ANDROID_SDK_ROOT platform-tools', () => {
    expect(
      findAdb({
        env: { PATH: '/usr/bin', ANDROID_HOME: '/a', ANDROID_SDK_ROOT: '/b' },
        platform: 'linux',
        home: '/home/u',
        isFile: only('/b/platform-tools/adb'),
      }),
    ).toBe('/b/platform-tools/adb');
  });
  it('finds the Android Studio SDK folder on Linux, macOS and Windows', () => {
    expect(
      findAdb({ env: {}, platform: 'linux', home: '/home/u', isFile: only('/home/u/Android/Sdk/platform-tools/adb') }),
    ).toBe('/home/u/Android/Sdk/platform-tools/adb');
    expect(
      findAdb({
        env: {},
        platform: 'darwin',
        home: '/Users/u',
        isFile: only('/Users/u/Library/Android/sdk/platform-tools/adb'),
      }),
    ).toBe('/Users/u/Library/Android/sdk/platform-tools/adb');
    expect(
      findAdb({
        env: { LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' },
        platform: 'win32',
        home: 'C:\\Users\\u',
        isFile: only('C:\\Users\\u\\AppData\\Local\\Android\\Sdk\\platform-tools\\adb.exe'),
      }),
    ).toBe('C:\\Users\\u\\AppData\\Local\\Android\\Sdk\\platform-tools\\adb.exe');
  });
  it('uses adb.exe and ; on Windows PATH', () => {
    expect(
      findAdb({
        env: { Path: 'C:\\a;C:\\tools' },
        platform: 'win32',
        home: 'C:\\Users\\u',
        isFile: only('C:\\tools\\adb.exe'),
      }),
    ).toBe('C:\\tools\\adb.exe');
  });
  it('returns null when adb is nowhere', () => {
    expect(findAdb({ env: { PATH: '/usr/bin' }, platform: 'linux', home: '/home/u', isFile: () => false })).toBeNull();
  });
});
