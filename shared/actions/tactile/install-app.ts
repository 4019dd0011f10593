// tactile.install_app: `pm install` of an APK already on the device, under /data/local/tmp (where the Apps
// panel pushes it, and where `adb install` stages one). No options: replacing an installed app is pm's default
// since Android 7 (`-r` is accepted and ignored), and downgrade, test-only or grant-all installs are not an
// operator's button. The path reaches the device's sh quoted (shared/android/shell-quote), never as code.
import { z } from 'zod';

const APK_DIR = '/data/local/tmp/';
const MAX_APK_PATH = 1024;

export const TactileInstallAppArgsSchema = z.strictObject({
  apk_path: z
    .string()
    .max(MAX_APK_PATH)
    .superRefine((p, ctx) => {
      const segments = p.slice(APK_DIR.length).split('/');
      const inside = p.startsWith(APK_DIR) && segments.every((s) => s !== '' && s !== '.' && s !== '..');
      // Any case of .apk, as the Apps panel takes a dropped HELLO.APK; pm reads the file whatever its name.
      if (!inside || !/[^/]\.apk$/i.test(p) || /[\0\n\r]/.test(p))
        ctx.addIssue({
          code: 'custom',
          message: `expected an absolute path under ${APK_DIR} ending in .apk, without "." or ".." segments or line breaks`,
        });
    }),
});
