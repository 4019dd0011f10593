/** Packages `pm list packages` knows; the lab's are third-party (`-3`). */
export const SYSTEM_PACKAGES = ['android', 'com.android.launcher3', 'com.android.settings', 'com.android.shell', 'com.android.systemui', 'com.android.inputmethod.latin'];
export const THIRD_PARTY_PACKAGES = ['com.tactile.lab', 'com.tactile.overlay'];

/** Launcher activities (MAIN + LAUNCHER) with their literal manifest labels, as query-activities dumps them. */
export const LAUNCHER_ACTIVITIES: ReadonlyArray<{ packageName: string; name: string; label: string }> = [
  { packageName: 'com.tactile.lab', name: 'com.tactile.lab.MainActivity', label: 'Tactile Lab' },
];

/**
 * Where each system package's APK lives on an Android 14 build (`pm path` prints it; framework-res is its own
 * code path). Third-party apps live under /data/app/~~RANDOM==/PKG-RANDOM==/base.apk.
 */
export const SYSTEM_APKS: Readonly<Record<string, string>> = {
  android: '/system/framework/framework-res.apk',
  'com.android.launcher3': '/system_ext/priv-app/Launcher3QuickStep/Launcher3QuickStep.apk',
  'com.android.settings': '/system_ext/priv-app/Settings/Settings.apk',
  'com.android.shell': '/system/priv-app/Shell/Shell.apk',
  'com.android.systemui': '/system_ext/priv-app/SystemUI/SystemUI.apk',
  'com.android.inputmethod.latin': '/system/app/LatinIME/LatinIME.apk',
};

/** Application uids as Android 14 assigns them: the framework and settings share system (1000), shell is 2000. */
export const SYSTEM_UIDS: Readonly<Record<string, number>> = { android: 1000, 'com.android.settings': 1000, 'com.android.shell': 2000 };
/** First app uid (Process.FIRST_APPLICATION_UID); apps are u0_aN with N = uid - 10000. */
export const FIRST_APPLICATION_UID = 10000;
/** When the system image was built: Android stamps preinstalled packages' first install time with it. */
export const SYSTEM_IMAGE_TIME_MS = Date.UTC(2008, 11, 31, 16, 0, 0);
