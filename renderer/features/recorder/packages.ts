// recorded_on.packages: the app in the foreground when each recorded action was sent, with its version (the
// Apps list's versionName, else its versionCode), so a replay on another build can be told apart.
import type { Observation } from '../../../shared/ipc';
import { api } from '../../app/api';
import { useStore } from '../../app/store';

const SYSTEM_UI = 'com.android.systemui';

/** The package of the focused app window (the status bar and shade are not an app), else of the tree's root. */
export function foregroundPackage(o: Observation | null): string | null {
  if (!o) return null;
  const window =
    o.windows?.find((w) => w.focused && w.package_name && w.package_name !== SYSTEM_UI) ??
    o.windows?.find((w) => w.active && w.package_name && w.package_name !== SYSTEM_UI);
  if (window?.package_name) return window.package_name;
  const root = o.nodes.find((n) => n.parent === null && n.package_name !== SYSTEM_UI && n.package_name !== '');
  return root?.package_name ?? null;
}

/** Reads the package's version and adds it to the flow's recorded_on (once per package and recording). */
export async function notePackage(serial: string, pkg: string, seen: Set<string>): Promise<void> {
  if (seen.has(pkg)) return;
  seen.add(pkg);
  const apps = await api()
    .request('apps.list', { serial })
    .then(
      (r) => r.apps,
      () => [],
    );
  const row = apps.find((a) => a.package === pkg);
  const version = row?.version_name ?? (row?.version_code != null ? String(row.version_code) : 'unknown');
  const s = useStore.getState();
  if (!s.flowMeta.recorded_on) return;
  s.setFlowMeta({
    recorded_on: { ...s.flowMeta.recorded_on, packages: { ...s.flowMeta.recorded_on.packages, [pkg]: version } },
  });
}
