// The CNXN identity string the adb host parses into `adb devices -l` and the feature set.

/**
 * The features of Android 14's adbd (AOSP packages/modules/adb transport.cpp `supported_features()`)
 * that this device implements; README "Virtual device adbd" lists the ones left out and why.
 * - `shell_v2`: `shell,v2,raw|pty:` with the shell protocol (stdout/stderr apart, exit status);
 * - `cmd`: the device has `cmd SERVICE …`, so `adb install` streams through `cmd package install -S`;
 * - `stat_v2`, `ls_v2`: sync STA2/LST2 and LIS2/DNT2;
 * - `fixed_push_mkdir`: SEND creates missing parent directories;
 * - `abb`, `abb_exec`: `abb:` (shell protocol) and `abb_exec:` (raw) run `cmd` with NUL-separated args;
 * - `sendrecv_v2`, `sendrecv_v2_brotli`, `sendrecv_v2_dry_run_send`: SND2/RCV2, brotli-compressed or
 *   not, and the dry-run push that writes nothing.
 * Plain `shell:`, `exec:` and sync v1 stay, for clients that ignore features (adbkit).
 */
export const DEVICE_FEATURES: readonly string[] = [
  'shell_v2',
  'cmd',
  'stat_v2',
  'ls_v2',
  'fixed_push_mkdir',
  'abb',
  'abb_exec',
  'sendrecv_v2',
  'sendrecv_v2_brotli',
  'sendrecv_v2_dry_run_send',
];

export function deviceBanner(identity: { productName: string; model: string; device: string }): string {
  const props = [
    `ro.product.name=${identity.productName}`,
    `ro.product.model=${identity.model}`,
    `ro.product.device=${identity.device}`,
    `features=${DEVICE_FEATURES.join(',')}`,
  ];
  return `device::${props.join(';')}`;
}
