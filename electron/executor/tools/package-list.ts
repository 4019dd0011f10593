// The user-installed packages with their version codes, as `pm list packages -3 --show-versioncode` prints
// them: what the Apps panel lists, and how an install tells which package it added or updated (pm names none).

export const LIST_USER_PACKAGES = 'pm list packages -3 --show-versioncode';

/** `pm list packages [--show-versioncode] [-U]` → version code per package (null when not shown). */
export const packagesOf = (out: string): Map<string, number | null> =>
  new Map(
    [...out.matchAll(/^package:(\S+?)(?: versionCode:(\d+))?(?: uid:\d+(?:,\d+)*)?\s*$/gm)].map((m) => [
      m[1]!,
      m[2] === undefined ? null : Number(m[2]),
    ]),
  );
