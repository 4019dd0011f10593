// What third-party adb clients (adbutils, uiautomator2, scrcpy, shell scripts) read from Android's package,
// activity, process and network commands, written the way they read it: regular expressions and column splits
// over the text. Tests run each parser over a real Android 14 fixture and over the virtual device's answer.

const int = (s: string | undefined) => (s === undefined ? null : Number(s));
/** `yyyy-MM-dd HH:mm:ss` (device time, UTC on the virtual device) → epoch ms. */
const dateTime = (s: string | undefined) => (s === undefined ? null : Date.parse(`${s.replace(' ', 'T')}Z`));

/** `dumpsys package PKG`: adbutils' app_info fields, the launcher activity uiautomator2 starts, the user state. */
export function parsePackageDump(text: string) {
  const block = /^ {2}Package \[([^\]]+)\] \(([0-9a-f]+)\):\n((?: {4}.*\n?)*)/m.exec(text);
  const b = block?.[3] ?? '';
  const field = (re: RegExp) => re.exec(b)?.[1];
  const versions = /^ {4}versionCode=(\d+) minSdk=(\d+) targetSdk=(\d+)/m.exec(b);
  const user =
    /^ {4}User 0: .*\binstalled=(true|false)\b.*\bstopped=(true|false)\b.*\bnotLaunched=(true|false)\b/m.exec(b);
  const main = /android\.intent\.action\.MAIN:\n\s+[0-9a-f]+ (\S+\/\S+) filter/.exec(text);
  return {
    packageName: block?.[1] ?? null,
    userId: int(field(/^ {4}userId=(\d+)$/m)),
    codePath: field(/^ {4}codePath=(\S+)$/m) ?? null,
    versionCode: int(versions?.[1]),
    minSdk: int(versions?.[2]),
    targetSdk: int(versions?.[3]),
    versionName: field(/^ {4}versionName=(\S+)$/m) ?? null,
    flags: field(/^ {4}pkgFlags=\[ ([A-Z_ ]+) \]$/m)?.split(' ') ?? null,
    firstInstallTime: dateTime(field(/^ {4}firstInstallTime=(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)$/m)),
    lastUpdateTime: dateTime(field(/^ {4}lastUpdateTime=(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)$/m)),
    installed: user ? user[1] === 'true' : null,
    stopped: user ? user[2] === 'true' : null,
    notLaunched: user ? user[3] === 'true' : null,
    launcherActivity: main?.[1] ?? null,
    sections: [...text.matchAll(/^([A-Z][A-Za-z ]+):$/gm)].map((m) => m[1]),
  };
}

/** `dumpsys activity activities`: the resumed activity, its task, and its process (pid, process name, uid). */
export function parseActivities(text: string) {
  const resumed = /^ {2}ResumedActivity: ActivityRecord\{([0-9a-f]+) u(\d+) ([^\s}]+) t(\d+)\}$/m.exec(text);
  const topResumed = /^\s+topResumedActivity=ActivityRecord\{([0-9a-f]+) u\d+ ([^\s}]+) t(\d+)\}$/m.exec(text);
  const hist = resumed
    ? new RegExp(
        `\\* Hist +#\\d+: ActivityRecord\\{${resumed[1]} [^\\n]*\\n(?:[^\\n]*\\n)*?\\s+app=ProcessRecord\\{[0-9a-f]+ (\\d+):([^/]+)/(\\S+)\\}`,
      ).exec(text)
    : null;
  const state = resumed
    ? new RegExp(`ActivityRecord\\{${resumed[1]} [^\\n]*\\n(?:[^\\n]*\\n)*?\\s+state=(\\w+)`).exec(text)
    : null;
  return {
    header: /^ACTIVITY MANAGER ACTIVITIES \(dumpsys activity activities\)$/m.test(text),
    resumed: resumed?.[3] ?? null,
    user: int(resumed?.[2]),
    task: int(resumed?.[4]),
    topResumedMatches: topResumed !== null && topResumed[1] === resumed?.[1],
    pid: int(hist?.[1]),
    processName: hist?.[2] ?? null,
    processUid: hist?.[3] ?? null,
    state: state?.[1] ?? null,
    tasks: [...text.matchAll(/^\s+\* Task\{[0-9a-f]+ #(\d+) type=(\w+)/gm)].map((m) => m[2]),
  };
}

/** `ps` output as rows keyed by the header's column names (NAME, the last column, is the rest of the line). */
export function parsePs(text: string): Array<Record<string, string>> {
  const [head = '', ...lines] = text.split('\n').filter((l) => l.trim() !== '');
  const columns = head.trim().split(/\s+/);
  return lines.map((l) => {
    const cells = l.trim().split(/\s+/);
    const last = cells.slice(columns.length - 1).join(' ');
    return Object.fromEntries(columns.map((c, i) => [c, i === columns.length - 1 ? last : cells[i]!]));
  });
}

/** `ip route`: each route's destination, device and source address (what scrcpy's --tcpip reads for the IP). */
export function parseIpRoute(text: string) {
  return [
    ...text.matchAll(/^(\S+) dev (\S+)(?: table \S+)? proto (\S+) scope (\S+)(?: src (\d+\.\d+\.\d+\.\d+))? $/gm),
  ].map((m) => ({ dest: m[1], dev: m[2], proto: m[3], scope: m[4], src: m[5] ?? null }));
}

/** `ip addr show IFACE`: interface index, name, flags, MAC and the IPv4 address with its prefix and broadcast. */
export function parseIpAddr(text: string) {
  const link = /^(\d+): (\S+): <([A-Z_,]+)> mtu (\d+) .*state (\S+)/m.exec(text);
  const inet = /^ {4}inet (\d+\.\d+\.\d+\.\d+)\/(\d+)(?: brd (\S+))? scope (\S+) (\S+)$/m.exec(text);
  return {
    index: int(link?.[1]),
    name: link?.[2] ?? null,
    flags: link?.[3]?.split(',') ?? null,
    mtu: int(link?.[4]),
    state: link?.[5] ?? null,
    mac: /^ {4}link\/ether ([0-9a-f:]{17}) brd/m.exec(text)?.[1] ?? null,
    inet: inet?.[1] ?? null,
    prefix: int(inet?.[2]),
    broadcast: inet?.[3] ?? null,
    scope: inet?.[4] ?? null,
    inet6: /^ {4}inet6 (\S+)\/(\d+) scope (\S+)/m.exec(text)?.[1] ?? null,
  };
}

/** `ifconfig IFACE` (toybox): adbutils' wlan_ip reads `inet addr:`. */
export function parseIfconfig(text: string) {
  const head = /^(\S+)\s+Link encap:(\S+)(?:\s+HWaddr (\S+))?/m.exec(text);
  const inet = /inet addr:(\d+\.\d+\.\d+\.\d+)\s+(?:Bcast:(\S+)\s+)?Mask:(\S+)/.exec(text);
  return {
    name: head?.[1] ?? null,
    encap: head?.[2] ?? null,
    hwaddr: head?.[3] ?? null,
    inet: inet?.[1] ?? null,
    bcast: inet?.[2] ?? null,
    mask: inet?.[3] ?? null,
    mtu: int(/MTU:(\d+)/.exec(text)?.[1]),
    up: /^\s+UP /m.test(text),
    rxBytes: int(/RX bytes:(\d+)/.exec(text)?.[1]),
  };
}

/** `pm list packages [-f] [--show-versioncode] [-U]`, `pm path`. */
export function parsePmList(text: string) {
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => {
      const m = /^package:(?:(\/\S+\.apk)=)?([A-Za-z0-9_.]+)(?: versionCode:(\d+))?(?: uid:(\d+))?$/.exec(l);
      return m ? { apk: m[1] ?? null, package: m[2]!, versionCode: int(m[3]), uid: int(m[4]) } : { unparsed: l };
    });
}

export function parsePmPath(text: string) {
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => /^package:(\/\S+\.apk)$/.exec(l)?.[1] ?? { unparsed: l });
}

/** `am start -W`: the "Key: value" lines after Starting:, and whether it ended with Complete. */
export function parseAmStartW(text: string) {
  const starting = /^Starting: Intent \{ (.*) \}$/m.exec(text)?.[1] ?? null;
  const kv = Object.fromEntries(
    [...text.matchAll(/^(Status|LaunchState|Activity|TotalTime|WaitTime): (.*)$/gm)].map((m) => [m[1]!, m[2]!]),
  );
  return {
    starting,
    status: kv.Status ?? null,
    launchState: kv.LaunchState ?? null,
    activity: kv.Activity ?? null,
    totalTime: int(kv.TotalTime),
    waitTime: int(kv.WaitTime),
    complete: /^Complete$/m.test(text),
  };
}

/** `monkey -p PKG -c CATEGORY 1`: the echoed arguments, the option values, the events injected. */
export function parseMonkey(text: string) {
  return {
    bashArgs: [...text.matchAll(/^ {2}bash arg: (.*)$/gm)].map((m) => m[1]),
    args: /^args: \[(.*)\]$/m.exec(text)?.[1]?.split(', ') ?? null,
    data: [...text.matchAll(/^data="(.*)"$/gm)].map((m) => m[1]),
    injected: int(/^Events injected: (\d+)$/m.exec(text)?.[1]),
    networkStats: /^## Network stats: elapsed time=\d+ms \(\d+ms mobile, \d+ms wifi, \d+ms not connected\)$/m.test(
      text,
    ),
  };
}

/** A parse result reduced to its shape: which fields came out, and of what type (values differ between devices). */
export function shape(value: unknown): unknown {
  if (value === null) return null;
  if (Array.isArray(value)) return value.length === 0 ? [] : [shape(value[0])];
  if (typeof value === 'object')
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, shape(v)]));
  return typeof value;
}
