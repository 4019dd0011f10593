// What the package and activity dumps share: Java's identity hash codes (stable per object here), the short
// component form ActivityRecord prints, and PackageManager's local date format.
import { createHash } from 'node:crypto';

/** `Integer.toHexString(System.identityHashCode(obj))`: 7 or 8 hex digits, fixed per `seed`. */
export function identityHash(seed: string): string {
  return createHash('sha1').update(seed).digest().readUInt32BE(0).toString(16).replace(/^0+/, '').padStart(7, '0');
}

/** `com.x/com.x.Main` → `com.x/.Main` (ComponentName.flattenToShortString). */
export function shortComponent(pkg: string, cls: string): string {
  return cls.startsWith(`${pkg}.`) ? `${pkg}/${cls.slice(pkg.length)}` : `${pkg}/${cls}`;
}

/** `yyyy-MM-dd HH:mm:ss` in the device's time zone (persist.sys.timezone is UTC on the virtual device). */
export function androidDateTime(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
