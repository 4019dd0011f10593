// What PackageParser reads from an APK before installing it: package, version, SDK levels, the application
// label and launcher activity, and whether it is signed (v1 JAR signature files, v2+ signing block).
import { BinaryXmlError, parseBinaryXml, type XmlElement } from './binary-xml';
import { hasSigningBlock, openZip, ZipError } from './zip-reader';

const ATTR = {
  label: 0x01010001,
  name: 0x01010003,
  minSdkVersion: 0x0101020c,
  versionCode: 0x0101021b,
  versionName: 0x0101021c,
  targetSdkVersion: 0x01010270,
};

export interface ApkInfo {
  packageName: string;
  versionCode: number;
  versionName: string | null;
  minSdk: number;
  targetSdk: number;
  /** A literal android:label (a string resource reference is not resolved: null then). */
  label: string | null;
  launcherActivity: string | null;
  /** `<uses-permission android:name>`s. */
  permissions: string[];
  signedV1: boolean;
  signedV2: boolean;
}

/** PackageManager failure: an INSTALL_* code and the detail pm prints after it. */
export class InstallFailure extends Error {
  constructor(
    readonly code: string,
    detail: string,
  ) {
    super(`${code}: ${detail}`);
  }
}

const attr = (el: XmlElement | undefined, id: number, name: string) =>
  el?.attributes.find((a) => a.resId === id || (a.resId === 0 && a.name === name))?.value ?? null;
const child = (el: XmlElement, name: string) => el.children.find((c) => c.name === name);

export function readApk(bytes: Buffer, path: string): ApkInfo {
  let zip;
  let manifest: XmlElement;
  try {
    zip = openZip(bytes);
    const raw = zip.read('AndroidManifest.xml');
    if (!raw)
      throw new InstallFailure(
        'INSTALL_PARSE_FAILED_BAD_MANIFEST',
        `Failed to parse ${path}: AndroidManifest.xml missing`,
      );
    manifest = parseBinaryXml(raw);
  } catch (e) {
    if (e instanceof InstallFailure) throw e;
    if (e instanceof ZipError)
      throw new InstallFailure('INSTALL_PARSE_FAILED_NOT_APK', `Failed to parse ${path}: ${e.message}`);
    if (e instanceof BinaryXmlError)
      throw new InstallFailure('INSTALL_PARSE_FAILED_BAD_MANIFEST', `Failed to parse ${path}: ${e.message}`);
    throw e;
  }
  if (manifest.name !== 'manifest')
    throw new InstallFailure(
      'INSTALL_PARSE_FAILED_MANIFEST_MALFORMED',
      `<manifest> has more than one root element or none: ${manifest.name}`,
    );
  const packageName = attr(manifest, 0, 'package');
  if (typeof packageName !== 'string' || !/^[A-Za-z]\w*(\.[A-Za-z]\w*)+$/.test(packageName)) {
    throw new InstallFailure(
      'INSTALL_PARSE_FAILED_BAD_PACKAGE_NAME',
      `Invalid manifest package: ${String(packageName)}`,
    );
  }
  const sdk = child(manifest, 'uses-sdk');
  const num = (v: unknown, fallback: number) =>
    typeof v === 'number' ? v : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : fallback;
  const minSdk = num(attr(sdk, ATTR.minSdkVersion, 'minSdkVersion'), 1);
  const app = child(manifest, 'application');
  const label = attr(app, ATTR.label, 'label');
  const launcher = app?.children.find(
    (a) =>
      a.name === 'activity' &&
      a.children.some(
        (f) =>
          f.name === 'intent-filter' &&
          f.children.some((c) => c.name === 'action' && attr(c, ATTR.name, 'name') === 'android.intent.action.MAIN') &&
          f.children.some(
            (c) => c.name === 'category' && attr(c, ATTR.name, 'name') === 'android.intent.category.LAUNCHER',
          ),
      ),
  );
  const activityName = launcher ? String(attr(launcher, ATTR.name, 'name') ?? '') : '';
  const names = zip.entries.map((e) => e.name);
  const versionName = attr(manifest, ATTR.versionName, 'versionName');
  return {
    packageName,
    versionCode: num(attr(manifest, ATTR.versionCode, 'versionCode'), 0),
    versionName: typeof versionName === 'string' ? versionName : null,
    minSdk,
    targetSdk: num(attr(sdk, ATTR.targetSdkVersion, 'targetSdkVersion'), minSdk),
    label: typeof label === 'string' ? label : null,
    permissions: manifest.children
      .filter((c) => c.name === 'uses-permission')
      .map((c) => String(attr(c, ATTR.name, 'name') ?? ''))
      .filter(Boolean),
    launcherActivity:
      activityName === ''
        ? null
        : activityName.startsWith('.')
          ? packageName + activityName
          : activityName.includes('.')
            ? activityName
            : `${packageName}.${activityName}`,
    signedV1:
      names.some((n) => /^META-INF\/[^/]+\.SF$/i.test(n)) &&
      names.some((n) => /^META-INF\/[^/]+\.(RSA|DSA|EC)$/i.test(n)),
    signedV2: hasSigningBlock(bytes, zip.centralOffset),
  };
}
