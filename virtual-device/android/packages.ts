/** Packages `pm list packages` knows; the lab's are third-party (`-3`). */
export const SYSTEM_PACKAGES = [
  'android',
  'com.android.launcher3',
  'com.android.settings',
  'com.android.shell',
  'com.android.systemui',
  'com.android.inputmethod.latin',
  'org.chromium.webview_shell',
];

/** The image's browser: AOSP's WebView Browser Tester, which resolves VIEW intents for http and https. */
export const BROWSER = {
  packageName: 'org.chromium.webview_shell',
  activity: 'org.chromium.webview_shell.WebViewBrowserActivity',
} as const;
export const THIRD_PARTY_PACKAGES = ['com.tactile.lab', 'com.tactile.overlay'];

/** Launcher activities (MAIN + LAUNCHER) with their literal manifest labels, as query-activities dumps them. */
export const LAUNCHER_ACTIVITIES: ReadonlyArray<{ packageName: string; name: string; label: string }> = [
  { packageName: 'com.tactile.lab', name: 'com.tactile.lab.MainActivity', label: 'Tactile Lab' },
  { packageName: BROWSER.packageName, name: BROWSER.activity, label: 'WebView Browser Tester' },
];

/** What the device's own apps request (`uses-permission`): normal ones are granted at install, runtime ones by the user or `pm grant`. */
export const REQUESTED_PERMISSIONS: Readonly<Record<string, readonly string[]>> = {
  'com.tactile.lab': [
    'android.permission.INTERNET',
    'android.permission.ACCESS_FINE_LOCATION',
    'android.permission.ACCESS_COARSE_LOCATION',
    'android.permission.CAMERA',
    'android.permission.POST_NOTIFICATIONS',
  ],
  'com.tactile.overlay': ['android.permission.SYSTEM_ALERT_WINDOW', 'android.permission.FOREGROUND_SERVICE'],
  [BROWSER.packageName]: [
    'android.permission.INTERNET',
    'android.permission.ACCESS_FINE_LOCATION',
    'android.permission.CAMERA',
  ],
};

/** Dangerous (runtime) permissions `pm grant`/`revoke` may change; everything else is install-time. */
export const RUNTIME_PERMISSIONS: ReadonlySet<string> = new Set([
  'android.permission.ACCESS_FINE_LOCATION',
  'android.permission.ACCESS_COARSE_LOCATION',
  'android.permission.ACCESS_BACKGROUND_LOCATION',
  'android.permission.CAMERA',
  'android.permission.RECORD_AUDIO',
  'android.permission.POST_NOTIFICATIONS',
  'android.permission.READ_CONTACTS',
  'android.permission.WRITE_CONTACTS',
  'android.permission.READ_EXTERNAL_STORAGE',
  'android.permission.WRITE_EXTERNAL_STORAGE',
  'android.permission.READ_MEDIA_IMAGES',
  'android.permission.READ_MEDIA_VIDEO',
  'android.permission.READ_MEDIA_AUDIO',
  'android.permission.READ_PHONE_STATE',
  'android.permission.CALL_PHONE',
  'android.permission.READ_CALENDAR',
  'android.permission.WRITE_CALENDAR',
  'android.permission.BODY_SENSORS',
  'android.permission.ACTIVITY_RECOGNITION',
  'android.permission.SEND_SMS',
  'android.permission.RECEIVE_SMS',
  'android.permission.READ_SMS',
  'android.permission.NEARBY_WIFI_DEVICES',
  'android.permission.BLUETOOTH_CONNECT',
  'android.permission.BLUETOOTH_SCAN',
]);

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
  'org.chromium.webview_shell': '/system/app/WebViewShell/WebViewShell.apk',
};

/** Application uids as Android 14 assigns them: the framework and settings share system (1000), shell is 2000. */
export const SYSTEM_UIDS: Readonly<Record<string, number>> = {
  android: 1000,
  'com.android.settings': 1000,
  'com.android.shell': 2000,
};
/** First app uid (Process.FIRST_APPLICATION_UID); apps are u0_aN with N = uid - 10000. */
export const FIRST_APPLICATION_UID = 10000;
/** When the system image was built: Android stamps preinstalled packages' first install time with it. */
export const SYSTEM_IMAGE_TIME_MS = Date.UTC(2008, 11, 31, 16, 0, 0);
