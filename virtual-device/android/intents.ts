// Intents as the am/pm shell commands take them (Intent.parseCommandArgs: -a -d -t -c -n -p -f, extras, a last
// URI/component/package word) and resolve them against the device's activities' intent filters: the launcher
// activities (MAIN + LAUNCHER), home (MAIN + HOME), the lab's own activities by component, and the browser for
// VIEW of http/https data. Printed as Intent.toShortString does, with Uri.toSafeString's redacted paths.
import { ACTIVITIES } from '../lab/state';
import { LAB_PACKAGE, LAUNCHER_ACTIVITY, LAUNCHER_PACKAGE } from '../lab/view-spec';
import type { PackageManager } from './package-manager';
import { BROWSER } from './packages';

export const ACTION = { MAIN: 'android.intent.action.MAIN', VIEW: 'android.intent.action.VIEW' } as const;
export const CATEGORY = {
  LAUNCHER: 'android.intent.category.LAUNCHER',
  HOME: 'android.intent.category.HOME',
  DEFAULT: 'android.intent.category.DEFAULT',
  BROWSABLE: 'android.intent.category.BROWSABLE',
} as const;
export const FLAG_ACTIVITY_NEW_TASK = 0x10000000;

export interface Intent {
  action: string | null;
  data: string | null;
  type: string | null;
  categories: string[];
  /** `pkg/cls` with the class fully qualified. */
  component: string | null;
  package: string | null;
  flags: number;
  extras: boolean;
}

/** The options am and pm take beside the intent's own (their value words included): skipped here. */
const COMMAND_OPTIONS: Readonly<Record<string, number>> = {
  '-W': 0,
  '-S': 0,
  '-D': 0,
  '-N': 0,
  '--streaming': 0,
  '--track-allocation': 0,
  '--brief': 0,
  '--components': 0,
  '--sync': 0,
  '--async': 0,
  '--user': 1,
  '-R': 1,
  '-P': 1,
  '--start-profiler': 1,
  '--sampling': 1,
  '--attach-agent': 1,
  '--attach-agent-bind': 1,
  '--windowingMode': 1,
  '--activityType': 1,
  '--display': 1,
  '--task': 1,
  '--query-flags': 1,
  '--receiver-permission': 1,
  '--allow-background-activity-starts': 0,
  '--receiver-foreground': 0,
  '--receiver-registered-only': 0,
  '--receiver-replace-pending': 0,
  '--receiver-include-background': 0,
};

/** Extras and their value counts: the intent only records that it has some (`(has extras)`). */
const EXTRAS: Readonly<Record<string, number>> = {
  '-e': 2,
  '--es': 2,
  '--esn': 1,
  '--ez': 2,
  '--ei': 2,
  '--el': 2,
  '--ef': 2,
  '--ed': 2,
  '--eu': 2,
  '--ecn': 2,
  '--eia': 2,
  '--eial': 2,
  '--ela': 2,
  '--elal': 2,
  '--efa': 2,
  '--efal': 2,
  '--esa': 2,
  '--esal': 2,
  '--eda': 2,
};

/** The words after the verb → the intent, or Android's complaint about a malformed one. */
export function parseIntent(words: readonly string[]): { ok: true; intent: Intent } | { ok: false; message: string } {
  const intent: Intent = {
    action: null,
    data: null,
    type: null,
    categories: [],
    component: null,
    package: null,
    flags: 0,
    extras: false,
  };
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!;
    const value = (): string | undefined => words[++i];
    if (w in COMMAND_OPTIONS) {
      i += COMMAND_OPTIONS[w]!;
      continue;
    }
    if (w in EXTRAS) {
      intent.extras = true;
      i += EXTRAS[w]!;
      continue;
    }
    if (
      w.startsWith('--activity-') ||
      w.startsWith('--grant-') ||
      w === '--debug-log-resolution' ||
      w === '--exclude-stopped-packages' ||
      w === '--include-stopped-packages'
    )
      continue;
    switch (w) {
      case '-a':
        intent.action = value() ?? null;
        break;
      case '-d':
        intent.data = value() ?? null;
        break;
      case '-t':
        intent.type = value() ?? null;
        break;
      case '-c':
        intent.categories.push(value() ?? '');
        break;
      case '-p':
        intent.package = value() ?? null;
        break;
      case '-f':
        intent.flags |= Number(value() ?? 0);
        break;
      case '-n': {
        const c = value() ?? '';
        const component = expandComponent(c);
        if (!component) return { ok: false, message: `Bad component name: ${c}` };
        intent.component = component;
        break;
      }
      default:
        if (w.startsWith('-')) return { ok: false, message: `Unknown option: ${w}` };
        // The last bare word: a URI (has a ':'), a component (has a '/'), or a package.
        if (w.includes(':')) intent.data = w;
        else if (w.includes('/')) {
          const component = expandComponent(w);
          if (!component) return { ok: false, message: `Bad component name: ${w}` };
          intent.component = component;
        } else intent.package = w;
    }
  }
  return { ok: true, intent };
}

/** `pkg/.Cls` → `pkg/pkg.Cls` (ComponentName.unflattenFromString); null when it is no component. */
export function expandComponent(c: string): string | null {
  const slash = c.indexOf('/');
  if (slash <= 0 || slash === c.length - 1) return null;
  const pkg = c.slice(0, slash);
  const cls = c.slice(slash + 1);
  return `${pkg}/${cls.startsWith('.') ? pkg + cls : cls}`;
}

/** ComponentName.flattenToShortString. */
export function shortName(component: string): string {
  const [pkg, cls] = component.split('/') as [string, string];
  return cls.startsWith(`${pkg}.`) ? `${pkg}/${cls.slice(pkg.length)}` : component;
}

/** Uri.toSafeString: web URIs keep scheme, host and port, the rest of them is `/...`. */
function safeUri(uri: string): string {
  const m = /^(https?|ftp|rtsp):\/\/([^/?#]*)/i.exec(uri);
  return m ? `${m[1]}://${m[2]}/...` : uri;
}

/** Intent.toShortString as am prints it inside `Intent { … }`. */
export function describeIntent(intent: Intent): string {
  const parts: string[] = [];
  if (intent.action) parts.push(`act=${intent.action}`);
  if (intent.categories.length > 0) parts.push(`cat=[${intent.categories.join(',')}]`);
  if (intent.data) parts.push(`dat=${safeUri(intent.data)}`);
  if (intent.type) parts.push(`typ=${intent.type}`);
  if (intent.flags) parts.push(`flg=0x${intent.flags.toString(16)}`);
  if (intent.package) parts.push(`pkg=${intent.package}`);
  if (intent.component) parts.push(`cmp=${shortName(intent.component)}`);
  if (intent.extras) parts.push('(has extras)');
  return `Intent { ${parts.join(' ')} }`;
}

export interface ResolvedActivity {
  packageName: string;
  /** Fully qualified class. */
  activity: string;
  label: string | null;
  /** IntentFilter match value (MATCH_CATEGORY_* | MATCH_ADJUSTMENT_NORMAL), as ResolveInfo prints it. */
  match: number;
}

const MATCH_CATEGORY_EMPTY = 0x108000;
const MATCH_CATEGORY_SCHEME = 0x208000;

/**
 * PackageManager.queryIntentActivities over the device's filters. A component names its activity directly; a
 * package alone (resolve-activity's idiom) stands for its launcher activity.
 */
export function resolveActivities(packages: PackageManager, intent: Intent): ResolvedActivity[] {
  if (intent.component) {
    const [pkg, cls] = intent.component.split('/') as [string, string];
    const p = packages.get(pkg);
    if (!p) return [];
    const known =
      pkg === LAB_PACKAGE
        ? Object.values(ACTIVITIES)
        : pkg === LAUNCHER_PACKAGE
          ? [LAUNCHER_ACTIVITY]
          : p.launcherActivity
            ? [p.launcherActivity]
            : [];
    return known.includes(cls)
      ? [{ packageName: pkg, activity: cls, label: p.label, match: MATCH_CATEGORY_EMPTY }]
      : [];
  }
  const cats = new Set(intent.categories);
  const only = (list: ResolvedActivity[]) =>
    list.filter((r) => intent.package === null || r.packageName === intent.package);
  const launchers = packages
    .list()
    .flatMap((p) =>
      p.launcherActivity
        ? [{ packageName: p.packageName, activity: p.launcherActivity, label: p.label, match: MATCH_CATEGORY_EMPTY }]
        : [],
    );
  const action = intent.action ?? (intent.data === null && intent.package !== null ? ACTION.MAIN : null);
  if (action === ACTION.MAIN && cats.has(CATEGORY.HOME)) {
    return only([
      { packageName: LAUNCHER_PACKAGE, activity: LAUNCHER_ACTIVITY, label: 'Quickstep', match: MATCH_CATEGORY_EMPTY },
    ]);
  }
  if (action === ACTION.MAIN && [...cats].every((c) => c === CATEGORY.LAUNCHER || c === CATEGORY.DEFAULT))
    return only(launchers);
  if (
    action === ACTION.VIEW &&
    intent.data !== null &&
    /^https?:/i.test(intent.data) &&
    [...cats].every((c) => c === CATEGORY.DEFAULT || c === CATEGORY.BROWSABLE)
  ) {
    const browser = packages.get(BROWSER.packageName);
    return browser
      ? only([
          {
            packageName: BROWSER.packageName,
            activity: BROWSER.activity,
            label: browser.label,
            match: MATCH_CATEGORY_SCHEME,
          },
        ])
      : [];
  }
  return [];
}
