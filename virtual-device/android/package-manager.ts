// The simulated PackageManagerService: the system packages, the lab, and apps installed from APKs (parsed
// as Android does: binary manifest, signature, SDK levels, downgrades), with the checks' INSTALL_* codes.
import { createHash } from 'node:crypto';
import { InstallFailure, readApk } from './apk/apk-manifest';
import {
  FIRST_APPLICATION_UID,
  LAUNCHER_ACTIVITIES,
  REQUESTED_PERMISSIONS,
  SYSTEM_APKS,
  SYSTEM_IMAGE_TIME_MS,
  SYSTEM_PACKAGES,
  SYSTEM_UIDS,
  THIRD_PARTY_PACKAGES,
} from './packages';

export interface InstalledPackage {
  packageName: string;
  /** The literal manifest label, null when none. */
  label: string | null;
  versionCode: number;
  versionName: string | null;
  minSdk: number;
  targetSdk: number;
  system: boolean;
  /** Fully qualified MAIN/LAUNCHER activity, null when the app has none. */
  launcherActivity: string | null;
  /** The package's directory (framework-res: the APK itself), as `dumpsys package` prints `codePath=`. */
  codePath: string;
  /** The APK `pm path` and `pm list packages -f` print. */
  apkPath: string;
  /** Linux uid of the app (shared by system packages); `pm list packages -U`, ps's USER u0_aN. */
  uid: number;
  /** ms since the epoch: first install, and the last install or update. */
  firstInstallTime: number;
  lastUpdateTime: number;
  /** PackageUserState's stopped (force-stopped or never launched since install) and notLaunched flags. */
  stopped: boolean;
  notLaunched: boolean;
  /** Installed from an APK (no code runs: launching it shows its activity window). */
  installed: boolean;
  /** `uses-permission`s, and the runtime ones granted (`pm grant`, `dumpsys package` runtime permissions). */
  requestedPermissions: readonly string[];
  granted: Set<string>;
}

/** Android 11+'s install directory: /data/app/~~R1==/PKG-R2==, R1 and R2 random base64url (fixed here per install). */
function dataAppDir(packageName: string, installs: number): string {
  const r = (salt: string) =>
    createHash('sha256').update(`${packageName}:${installs}:${salt}`).digest('base64url').slice(0, 22);
  return `/data/app/~~${r('session')}==/${packageName}-${r('package')}==`;
}

/** Android 14 refuses apps targeting below API 23 (INSTALL_FAILED_DEPRECATED_SDK_VERSION). */
const MIN_INSTALLABLE_TARGET_SDK = 23;

export class PackageManager {
  private readonly packages = new Map<string, InstalledPackage>();
  private nextUid = FIRST_APPLICATION_UID + 100;
  private installs = 0;

  /** `bootTime`: when the device's own apps (the lab, the overlay) were installed, ms since the epoch. */
  constructor(
    private readonly sdk: number,
    bootTime: number = Date.now(),
  ) {
    for (const name of [...SYSTEM_PACKAGES, ...THIRD_PARTY_PACKAGES]) {
      const launcher = LAUNCHER_ACTIVITIES.find((a) => a.packageName === name);
      const system = SYSTEM_PACKAGES.includes(name);
      const apk = SYSTEM_APKS[name];
      const dir = apk === undefined ? dataAppDir(name, this.installs++) : null;
      const time = system ? SYSTEM_IMAGE_TIME_MS : bootTime;
      this.packages.set(name, {
        packageName: name,
        label: launcher?.label ?? null,
        versionCode: system ? sdk : 1,
        versionName: system ? '14' : '1.0',
        minSdk: system ? sdk : 21,
        targetSdk: sdk,
        system,
        launcherActivity: launcher?.name ?? null,
        codePath: dir ?? (apk!.startsWith('/system/framework/') ? apk! : apk!.slice(0, apk!.lastIndexOf('/'))),
        apkPath: dir ? `${dir}/base.apk` : apk!,
        uid: SYSTEM_UIDS[name] ?? this.nextUid++,
        firstInstallTime: time,
        lastUpdateTime: time,
        stopped: false,
        notLaunched: false,
        installed: false,
        requestedPermissions: REQUESTED_PERMISSIONS[name] ?? [],
        granted: new Set(),
      });
    }
  }

  list(): InstalledPackage[] {
    return [...this.packages.values()].sort((a, b) => a.packageName.localeCompare(b.packageName));
  }

  get(name: string): InstalledPackage | undefined {
    return this.packages.get(name);
  }

  /** `pm install PATH`: throws InstallFailure with the code pm prints in `Failure [CODE: detail]`. */
  install(bytes: Buffer, path: string, now: number = Date.now()): InstalledPackage {
    const apk = readApk(bytes, path);
    if (!apk.signedV1 && !apk.signedV2) {
      throw new InstallFailure(
        'INSTALL_PARSE_FAILED_NO_CERTIFICATES',
        `Scanning Failed.: No signature found in package of version 2 or newer for package ${apk.packageName}`,
      );
    }
    if (apk.targetSdk >= 30 && !apk.signedV2) {
      throw new InstallFailure(
        'INSTALL_PARSE_FAILED_NO_CERTIFICATES',
        `Scanning Failed.: No signature found in package of version 2 or newer for package ${apk.packageName}`,
      );
    }
    if (apk.minSdk > this.sdk)
      throw new InstallFailure(
        'INSTALL_FAILED_OLDER_SDK',
        `Failed parse during installPackageLI: ${path}: Requires newer sdk version #${apk.minSdk} (current version is #${this.sdk})`,
      );
    if (apk.targetSdk < MIN_INSTALLABLE_TARGET_SDK) {
      throw new InstallFailure(
        'INSTALL_FAILED_DEPRECATED_SDK_VERSION',
        `App package must target at least SDK version ${MIN_INSTALLABLE_TARGET_SDK}, but found ${apk.targetSdk}`,
      );
    }
    const existing = this.packages.get(apk.packageName);
    if (existing?.system || (existing && !existing.installed)) {
      throw new InstallFailure(
        'INSTALL_FAILED_UPDATE_INCOMPATIBLE',
        `Existing package ${apk.packageName} signatures do not match newer version; ignoring!`,
      );
    }
    if (existing && existing.versionCode > apk.versionCode) {
      throw new InstallFailure(
        'INSTALL_FAILED_VERSION_DOWNGRADE',
        `Downgrade detected: Update version code ${apk.versionCode} is older than current ${existing.versionCode}`,
      );
    }
    // An update keeps the uid and first install time; every install gets a fresh directory, as on Android.
    const dir = dataAppDir(apk.packageName, this.installs++);
    const pkg: InstalledPackage = {
      packageName: apk.packageName,
      label: apk.label,
      versionCode: apk.versionCode,
      versionName: apk.versionName,
      minSdk: apk.minSdk,
      targetSdk: apk.targetSdk,
      system: false,
      launcherActivity: apk.launcherActivity,
      codePath: dir,
      apkPath: `${dir}/base.apk`,
      uid: existing?.uid ?? this.nextUid++,
      firstInstallTime: existing?.firstInstallTime ?? now,
      lastUpdateTime: now,
      stopped: existing?.stopped ?? true,
      notLaunched: existing?.notLaunched ?? true,
      installed: true,
      requestedPermissions: apk.permissions,
      granted: new Set([...(existing?.granted ?? [])].filter((x) => apk.permissions.includes(x))),
    };
    this.packages.set(pkg.packageName, pkg);
    return pkg;
  }

  /** `am force-stop` puts a package in the stopped state; a launch takes it out (and marks it launched). */
  setStopped(name: string, stopped: boolean): void {
    const p = this.packages.get(name);
    if (!p) return;
    p.stopped = stopped;
    if (!stopped) p.notLaunched = false;
  }

  /** `pm uninstall`: only apps installed from an APK go (the lab stays, like a preinstalled app). */
  uninstall(name: string): boolean {
    const p = this.packages.get(name);
    if (!p?.installed) return false;
    this.packages.delete(name);
    return true;
  }
}
