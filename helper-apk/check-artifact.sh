#!/usr/bin/env bash
# Checks the built helper artifact with Debian's dexdump (apt package `dexdump`): a jar holding one
# classes.dex in DEX format 035 (readable from API 21), with the entry point com.tactile.helper.Main and its
# `static void main(String[])`, and no invoke-custom/invoke-polymorphic (needs API 26+, not every target).
set -euo pipefail
cd "$(dirname "$0")"
jar=target/tactile-helper.jar

if ! command -v dexdump >/dev/null 2>&1; then
  echo "check-artifact: dexdump not found; install it with: apt-get install dexdump" >&2
  exit 1
fi
[ -f "$jar" ] || { echo "check-artifact: $jar is missing; run npm run build:helper" >&2; exit 1; }

dump="$(dexdump -d "$jar")"
fail() { echo "check-artifact: $1" >&2; exit 1; }

grep -q "DEX version '035'" <<<"$dump" || fail "classes.dex is not DEX 035"
grep -q "Class descriptor  : 'Lcom/tactile/helper/Main;'" <<<"$dump" || fail "com.tactile.helper.Main is missing"
# The direct method main of Main with the signature app_process calls.
awk "/Class descriptor  : 'Lcom\/tactile\/helper\/Main;'/{m=1} m&&/Class descriptor/&&!/Main;/{m=0} m" <<<"$dump" \
  | grep -A2 "name          : 'main'" | grep -q "type          : '(\[Ljava/lang/String;)V'" \
  || fail "Main has no static void main(String[])"
if grep -qE "invoke-(custom|polymorphic)" <<<"$dump"; then fail "the dex uses invoke-custom/polymorphic"; fi

classes="$(grep -c "Class descriptor" <<<"$dump")"
echo "check-artifact: OK: $jar ($(wc -c <"$jar") bytes, sha256 $(sha256sum "$jar" | cut -c1-16)…, $classes classes, DEX 035, com.tactile.helper.Main.main)"
