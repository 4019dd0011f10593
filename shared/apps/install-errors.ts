// `pm install` failures in words: what each INSTALL_* code means for the person installing, and what to do.
// Codes from PackageManager.INSTALL_FAILED_* / INSTALL_PARSE_FAILED_*; unknown ones are shown as they came.

const WORDS: Record<string, string> = {
  INSTALL_FAILED_ALREADY_EXISTS: 'The app is already installed and this install does not replace it.',
  INSTALL_FAILED_INVALID_APK: 'The file is not a valid APK (damaged, or not an app).',
  INSTALL_FAILED_INSUFFICIENT_STORAGE: 'The device does not have enough free storage for this app.',
  INSTALL_FAILED_DUPLICATE_PACKAGE: 'An app with this package name is already installed.',
  INSTALL_FAILED_UPDATE_INCOMPATIBLE:
    'An app with this package name is installed with a different signature: uninstall it first.',
  INSTALL_FAILED_SHARED_USER_INCOMPATIBLE: 'The app asks for a shared user it cannot have on this device.',
  INSTALL_FAILED_OLDER_SDK: 'The app needs a newer Android version than this device has.',
  INSTALL_FAILED_NEWER_SDK: 'The app is built for an older Android version than this device supports.',
  INSTALL_FAILED_DEPRECATED_SDK_VERSION:
    'The app targets an Android version this device no longer installs (too old a targetSdkVersion).',
  INSTALL_FAILED_VERSION_DOWNGRADE:
    'A newer version of the app is installed: uninstall it first to install an older one.',
  INSTALL_FAILED_NO_MATCHING_ABIS: 'The app has native code for other processors (ABIs) than this device’s.',
  INSTALL_FAILED_TEST_ONLY: 'The app is marked test-only: install it with `pm install -t`.',
  INSTALL_FAILED_USER_RESTRICTED:
    'Installing apps is restricted on this device (USB installs are off, or a policy forbids it).',
  INSTALL_FAILED_VERIFICATION_FAILURE: 'The device’s package verifier rejected the app.',
  INSTALL_FAILED_ABORTED: 'The installation was cancelled on the device.',
  INSTALL_PARSE_FAILED_NOT_APK: 'The file is not an APK (it is not a zip archive).',
  INSTALL_PARSE_FAILED_BAD_MANIFEST: 'The APK’s AndroidManifest.xml is missing or cannot be read.',
  INSTALL_PARSE_FAILED_MANIFEST_MALFORMED: 'The APK’s AndroidManifest.xml is malformed.',
  INSTALL_PARSE_FAILED_BAD_PACKAGE_NAME: 'The APK’s package name is not valid.',
  INSTALL_PARSE_FAILED_NO_CERTIFICATES:
    'The APK is not signed (or, targeting Android 11+, lacks an APK Signature Scheme v2 signature): sign it with apksigner.',
  INSTALL_PARSE_FAILED_INCONSISTENT_CERTIFICATES: 'The APK’s files are signed with different certificates.',
  INSTALL_PARSE_FAILED_UNEXPECTED_EXCEPTION: 'The device failed while reading the APK.',
};

export interface InstallVerdict {
  ok: boolean;
  /** The INSTALL_* code, null on success or when the output names none. */
  code: string | null;
  /** One sentence for the operator. */
  words: string;
  /** pm's own detail after the code. */
  detail: string;
}

/** Reads `pm install` output ("Success" / "Failure [CODE: detail]") into words. */
export function installVerdict(output: string): InstallVerdict {
  if (/^Success\s*$/m.test(output)) return { ok: true, code: null, words: 'Installed.', detail: '' };
  const m = /Failure \[([A-Z_]+)(?::\s*([\s\S]*?))?\]/.exec(output);
  if (!m) return { ok: false, code: null, words: 'The installation failed.', detail: output.trim() };
  const code = m[1]!;
  return { ok: false, code, words: WORDS[code] ?? `The installation failed (${code}).`, detail: (m[2] ?? '').trim() };
}
