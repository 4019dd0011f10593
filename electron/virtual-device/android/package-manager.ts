// The simulated PackageManagerService: the system packages, the lab, and apps installed from APKs (parsed
// as Android does: binary manifest, signature, SDK levels, downgrades), with the checks' INSTALL_* codes.
import { InstallFailure, readApk } from './apk/apk-manifest';
import { LAUNCHER_ACTIVITIES, SYSTEM_PACKAGES, THIRD_PARTY_PACKAGES } from './packages';

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
  codePath: string;
  /** Installed from an APK (no code runs: launching it shows its activity window). */
  installed: boolean;
}

/** Android 14 refuses apps targeting below API 23 (INSTALL_FAILED_DEPRECATED_SDK_VERSION). */
const MIN_INSTALLABLE_TARGET_SDK = 23;

export class PackageManager {
  private readonly packages = new Map<string, InstalledPackage>();

  constructor(private readonly sdk: number) {
    for (const name of [...SYSTEM_PACKAGES, ...THIRD_PARTY_PACKAGES]) {
      const launcher = LAUNCHER_ACTIVITIES.find((a) => a.packageName === name);
      this.packages.set(name, {
        packageName: name, label: launcher?.label ?? null, versionCode: 1, versionName: '1.0', minSdk: 21, targetSdk: sdk,
        system: SYSTEM_PACKAGES.includes(name), launcherActivity: launcher?.name ?? null,
        codePath: SYSTEM_PACKAGES.includes(name) ? `/system/app/${name}` : `/data/app/~~tactile==/${name}-1`, installed: false,
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
  install(bytes: Buffer, path: string): InstalledPackage {
    const apk = readApk(bytes, path);
    if (!apk.signedV1 && !apk.signedV2) {
      throw new InstallFailure('INSTALL_PARSE_FAILED_NO_CERTIFICATES', `Scanning Failed.: No signature found in package of version 2 or newer for package ${apk.packageName}`);
    }
    if (apk.targetSdk >= 30 && !apk.signedV2) {
      throw new InstallFailure('INSTALL_PARSE_FAILED_NO_CERTIFICATES', `Scanning Failed.: No signature found in package of version 2 or newer for package ${apk.packageName}`);
    }
    if (apk.minSdk > this.sdk) throw new InstallFailure('INSTALL_FAILED_OLDER_SDK', `Failed parse during installPackageLI: ${path}: Requires newer sdk version #${apk.minSdk} (current version is #${this.sdk})`);
    if (apk.targetSdk < MIN_INSTALLABLE_TARGET_SDK) {
      throw new InstallFailure('INSTALL_FAILED_DEPRECATED_SDK_VERSION', `App package must target at least SDK version ${MIN_INSTALLABLE_TARGET_SDK}, but found ${apk.targetSdk}`);
    }
    const existing = this.packages.get(apk.packageName);
    if (existing?.system || (existing && !existing.installed)) {
      throw new InstallFailure('INSTALL_FAILED_UPDATE_INCOMPATIBLE', `Existing package ${apk.packageName} signatures do not match newer version; ignoring!`);
    }
    if (existing && existing.versionCode > apk.versionCode) {
      throw new InstallFailure('INSTALL_FAILED_VERSION_DOWNGRADE', `Downgrade detected: Update version code ${apk.versionCode} is older than current ${existing.versionCode}`);
    }
    const pkg: InstalledPackage = {
      packageName: apk.packageName, label: apk.label, versionCode: apk.versionCode, versionName: apk.versionName, minSdk: apk.minSdk,
      targetSdk: apk.targetSdk, system: false, launcherActivity: apk.launcherActivity, codePath: `/data/app/~~tactile==/${apk.packageName}-1`, installed: true,
    };
    this.packages.set(pkg.packageName, pkg);
    return pkg;
  }

  /** `pm uninstall`: only apps installed from an APK go (the lab stays, like a preinstalled app). */
  uninstall(name: string): boolean {
    const p = this.packages.get(name);
    if (!p?.installed) return false;
    this.packages.delete(name);
    return true;
  }
}
