/** Packages `pm list packages` knows; the lab's are third-party (`-3`). */
export const SYSTEM_PACKAGES = ['android', 'com.android.launcher3', 'com.android.settings', 'com.android.shell', 'com.android.systemui', 'com.android.inputmethod.latin'];
export const THIRD_PARTY_PACKAGES = ['com.tactile.lab', 'com.tactile.overlay'];

/** Launcher activities (MAIN + LAUNCHER) with their literal manifest labels, as query-activities dumps them. */
export const LAUNCHER_ACTIVITIES: ReadonlyArray<{ packageName: string; name: string; label: string }> = [
  { packageName: 'com.tactile.lab', name: 'com.tactile.lab.MainActivity', label: 'Tactile Lab' },
];
