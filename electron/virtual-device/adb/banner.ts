// The CNXN identity string the adb host parses into `adb devices -l` and the feature set.

/**
 * Features we advertise, chosen so that adb 29 and adbkit use the v1 paths we implement:
 * - no `shell_v2`: clients open plain `shell:CMD` / interactive `shell:` (no shell protocol framing);
 * - no `cmd`, `abb`, `abb_exec`: `adb install` would route through services we do not offer;
 * - no `stat_v2`, `ls_v2`, `sendrecv_v2`: sync stays STAT/LIST/SEND/RECV v1;
 * - `fixed_push_mkdir`: true of our SEND (it creates missing parent directories), so a directory
 *   push needs no `mkdir -p` through the shell first.
 */
export const DEVICE_FEATURES: readonly string[] = ['fixed_push_mkdir'];

export function deviceBanner(identity: { productName: string; model: string; device: string }): string {
  const props = [
    `ro.product.name=${identity.productName}`,
    `ro.product.model=${identity.model}`,
    `ro.product.device=${identity.device}`,
    `features=${DEVICE_FEATURES.join(',')}`,
  ];
  return `device::${props.join(';')}`;
}
