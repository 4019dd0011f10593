// `dumpsys package [packages|PKG]` in Android 14's layout (ComputerEngine.dumpPackages, Settings.dumpPackageLPr):
// for one package the resolver table of its launcher activity, Key Set Manager, the `Packages:` block (userId,
// codePath, versionCode/minSdk/targetSdk, versionName, flags, timeStamp/firstInstallTime/lastUpdateTime,
// pkgFlags, `User 0:` with installed/stopped/notLaunched), Queries, Package Changes and Dexopt state;
// `dumpsys package packages` only the Packages section. An unknown package prints no `Packages:` header at all.
import type { InstalledPackage } from '../../../package-manager';
import type { SimulatedAndroid } from '../../../device';
import { androidDateTime, identityHash, shortComponent } from './records';
import { RUNTIME_PERMISSIONS } from '../../../packages';

function flags(p: InstalledPackage): string {
  return `[ ${p.system ? 'SYSTEM ' : ''}HAS_CODE ALLOW_CLEAR_USER_DATA${p.system ? '' : ' ALLOW_BACKUP'} ]`;
}

function packageBlock(p: InstalledPackage): string {
  const hash = identityHash(`PackageSetting:${p.packageName}`);
  const pkgHash = identityHash(`Package:${p.packageName}:${p.lastUpdateTime}`);
  const lines = [
    `  Package [${p.packageName}] (${hash}):`,
    `    userId=${p.uid}`,
    `    pkg=Package{${pkgHash} ${p.packageName}}`,
    `    codePath=${p.codePath}`,
    `    resourcePath=${p.codePath}`,
    `    legacyNativeLibraryDir=${p.system ? p.codePath.replace(/\/[^/]+\.apk$/, '') : p.codePath}/lib`,
    '    extractNativeLibs=false',
    '    primaryCpuAbi=null',
    '    secondaryCpuAbi=null',
    '    cpuAbiOverride=null',
    `    versionCode=${p.versionCode} minSdk=${p.minSdk} targetSdk=${p.targetSdk}`,
    '    minExtensionVersions=[]',
    `    versionName=${p.versionName ?? 'null'}`,
    '    hiddenApiEnforcementPolicy=2',
    '    usesNonSdkApi=false',
    '    splits=[base]',
    `    apkSigningVersion=${p.system ? 3 : 2}`,
    `    flags=${flags(p)}`,
    '    privateFlags=[ PRIVATE_FLAG_ACTIVITIES_RESIZE_MODE_RESIZEABLE_VIA_SDK_VERSION ALLOW_AUDIO_PLAYBACK_CAPTURE PRIVATE_FLAG_ALLOW_NATIVE_HEAP_POINTER_TAGGING ]',
    '    forceQueryable=false',
    '    queriesPackages=[]',
    `    dataDir=/data/user/0/${p.packageName}`,
    '    supportsScreens=[small, medium, large, xlarge, resizeable, anyDensity]',
    `    timeStamp=${androidDateTime(p.lastUpdateTime)}`,
    `    firstInstallTime=${androidDateTime(p.firstInstallTime)}`,
    `    lastUpdateTime=${androidDateTime(p.lastUpdateTime)}`,
    `    signatures=PackageSignatures{${identityHash(`sig:${p.packageName}`)} version:${p.system ? 3 : 2}, signatures:[${identityHash(`cert:${p.system}`)}], past signatures:[]}`,
    '    installPermissionsFixed=true',
    `    pkgFlags=${flags(p)}`,
    '    requested permissions:',
    ...p.requestedPermissions.map((x) => `      ${x}`),
    '    install permissions:',
    ...p.requestedPermissions.filter((x) => !RUNTIME_PERMISSIONS.has(x)).map((x) => `      ${x}: granted=true`),
    `    User 0: ceDataInode=${40_000 + (p.uid % 1000)} installed=true hidden=false suspended=false distractionFlags=0 stopped=${p.stopped} notLaunched=${p.notLaunched} enabled=0 instant=false virtual=false`,
    '      gids=[3003]',
    '      runtime permissions:',
    ...p.requestedPermissions
      .filter((x) => RUNTIME_PERMISSIONS.has(x))
      .map(
        (x) =>
          `        ${x}: granted=${p.granted.has(x)}, flags=[ ${p.granted.has(x) ? 'USER_SET' : ''}|USER_SENSITIVE_WHEN_GRANTED|USER_SENSITIVE_WHEN_DENIED]`,
      ),
  ];
  return lines.join('\n') + '\n';
}

function resolverTable(p: InstalledPackage): string {
  if (!p.launcherActivity) return '';
  const c = shortComponent(p.packageName, p.launcherActivity);
  return (
    'Activity Resolver Table:\n  Non-Data Actions:\n      android.intent.action.MAIN:\n' +
    `        ${identityHash(`activity:${c}`)} ${c} filter ${identityHash(`filter:${c}`)}\n` +
    '          Action: "android.intent.action.MAIN"\n          Category: "android.intent.category.LAUNCHER"\n\n'
  );
}

function tail(p: InstalledPackage): string {
  return (
    `\nQueries:\n  system apps queryable: false\n  queries via package name:\n  queries via intent:\n  queryable via interaction:\n    User 0:\n` +
    `\nPackage Changes:\n  Sequence number=${p.installed ? 3 : 0}\n  User 0:\n${p.installed ? `    seq=2, package=${p.packageName}\n` : ''}` +
    `\nDexopt state:\n  [${p.packageName}]\n    path: ${p.apkPath}\n      x86_64: [status=${p.system ? 'speed-profile' : 'verify'}] [reason=${p.system ? 'prebuilt' : 'install'}]\n`
  );
}

/** `dumpsys package ARGS…` (the words after `package`), as the dumpsys dispatcher asks each service. */
export function dumpPackage(android: SimulatedAndroid, args: readonly string[]): string {
  const section = args[0];
  if (section === undefined || section === 'packages' || section === 'p')
    return 'Packages:\n' + android.packages.list().map(packageBlock).join('\n');
  const p = android.packages.get(section);
  // PackageManagerService prints its package-independent sections; no package matched, so no Packages: header.
  if (!p) return '\nDexopt state:\n\nCompiler stats:\n';
  return `${resolverTable(p)}Key Set Manager:\n  [${p.packageName}]\n      Signing KeySets: ${(p.uid % 97) + 1}\n\nPackages:\n${packageBlock(p)}${tail(p)}`;
}
