// Builds a real, small APK for tests with Debian's aapt: a binary AndroidManifest.xml compiled against a
// framework table that pins android:label, versionCode … to their real attribute ids (test/fixtures/apk), an
// optional stored asset to give it size, and a v1 JAR signature from keytool + jarsigner (JDK 17).
import { execFileSync } from 'node:child_process';
import { randomFillSync } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const FRAMEWORK = fileURLToPath(new URL('../fixtures/apk/framework', import.meta.url));
let keystore: string | null = null;

/** One signing key per test process (each JVM start costs seconds on a loaded machine). */
function signingKey(): string {
  if (keystore) return keystore;
  const dir = mkdtempSync(join(tmpdir(), 'tactile-apk-key-'));
  const path = join(dir, 'k.jks');
  execFileSync(
    'keytool',
    [
      '-genkeypair',
      '-keystore',
      path,
      '-storepass',
      'android',
      '-keypass',
      'android',
      '-alias',
      'tactile',
      '-keyalg',
      'RSA',
      '-keysize',
      '2048',
      '-dname',
      'CN=Tactile Test',
      '-validity',
      '2',
    ],
    { stdio: 'pipe' },
  );
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return (keystore = path);
}

export interface ApkSpec {
  packageName: string;
  label: string;
  versionCode: number;
  versionName: string;
  minSdk?: number;
  /** Above 29 Android wants a v2 signature, which jarsigner cannot make (keep ≤ 29 for an installable APK). */
  targetSdk?: number;
  /** Bytes of random, uncompressed asset data (makes the push long enough to watch). */
  assetBytes?: number;
  sign?: boolean;
}

export function buildApk(spec: ApkSpec): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'tactile-apk-'));
  try {
    const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { cwd: dir, stdio: 'pipe' });
    run('aapt', [
      'package',
      '-x',
      '-f',
      '-M',
      join(FRAMEWORK, 'AndroidManifest.xml'),
      '-S',
      join(FRAMEWORK, 'res'),
      '-F',
      'framework.jar',
    ]);
    writeFileSync(
      join(dir, 'AndroidManifest.xml'),
      `<?xml version="1.0" encoding="utf-8"?>
<manifest xmlns:android="http://schemas.android.com/apk/res/android" package="${spec.packageName}" android:versionCode="${spec.versionCode}" android:versionName="${spec.versionName}">
  <uses-sdk android:minSdkVersion="${spec.minSdk ?? 21}" android:targetSdkVersion="${spec.targetSdk ?? 29}"/>
  <application android:label="${spec.label}">
    <activity android:name=".MainActivity" android:exported="true">
      <intent-filter><action android:name="android.intent.action.MAIN"/><category android:name="android.intent.category.LAUNCHER"/></intent-filter>
    </activity>
  </application>
</manifest>
`,
    );
    const args = ['package', '-f', '-M', 'AndroidManifest.xml', '-I', 'framework.jar', '-F', 'app.apk'];
    if (spec.assetBytes) {
      mkdirSync(join(dir, 'assets'));
      writeFileSync(join(dir, 'assets', 'payload.bin'), randomFillSync(Buffer.alloc(spec.assetBytes)));
      args.push('-A', 'assets', '-0', 'bin');
    }
    run('aapt', args);
    if (spec.sign ?? true) {
      run('jarsigner', [
        '-keystore',
        signingKey(),
        '-storepass',
        'android',
        '-keypass',
        'android',
        '-digestalg',
        'SHA-256',
        '-sigalg',
        'SHA256withRSA',
        'app.apk',
        'tactile',
      ]);
    }
    return readFileSync(join(dir, 'app.apk'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
