// "Save run as flow" (the debugger, `flows.from-run`) and `tactile flow from-run`: a run of this machine's journal
// as a flow document. The run's receipts come from the journal index, the trees each step acted on from the
// evidence store (so a tap on a node becomes a selector), and recorded_on from the run's device as it is now
// (screen, density, rotation, SDK, and the versions of the apps the run touched) — the flow is for replaying on
// that device. shared/flows/from-run.ts does the conversion.
import {
  actedOnTrees,
  flowFromRun,
  parseFlow,
  type Flow,
  type FromRunResult,
  type RecordedOn,
} from '../../shared/flows';
import type { ObservedTree } from '../../shared/observation';
import type { Receipt } from '../../shared/receipts';
import type { EvidenceStore } from '../receipts/evidence-store';
import type { JournalIndex } from '../receipts/journal-index';
import { runName } from '../receipts/receipt-query';
import { parseVersionNames } from '../services/operator/apps';
import { flowError } from './flow-error';

/** The run's device as the flow records it, read live. */
export interface RunDevice {
  geometry(): Promise<Omit<RecordedOn, 'packages'>>;
  shell(command: string): Promise<string>;
}

export interface RunAsFlowDeps {
  index: JournalIndex;
  store: EvidenceStore;
  /** The device a serial names, or a rejection when it is not connected. */
  device(serial: string): Promise<RunDevice>;
}

export type RunAsFlow = FromRunResult & { flow: Flow; run_id: string; device: string };

const SYSTEM_PACKAGES = new Set(['android', 'com.android.systemui']);

function treeOf(store: EvidenceStore, sha: string | null | undefined): ObservedTree | null {
  if (!sha) return null;
  try {
    const blob = store.get(sha);
    return blob?.kind === 'tree' ? blob.tree : null;
  } catch {
    return null;
  }
}

/** Versions (versionName) of the apps whose nodes the flow's steps acted on. */
async function packagesOf(
  device: RunDevice,
  trees: ReadonlyArray<ObservedTree | null>,
): Promise<Record<string, string>> {
  const names = new Set<string>();
  for (const t of trees)
    for (const n of t?.nodes ?? [])
      if (n.package_name && !SYSTEM_PACKAGES.has(n.package_name)) names.add(n.package_name);
  const out: Record<string, string> = {};
  for (const name of [...names].slice(0, 8)) {
    if (!/^[A-Za-z0-9._]+$/.test(name)) continue;
    const version = parseVersionNames(await device.shell(`dumpsys package ${name}`).catch(() => '')).get(name);
    if (version !== undefined) out[name] = version.slice(0, 512);
  }
  return out;
}

export async function runAsFlow(deps: RunAsFlowDeps, runId: string, name?: string): Promise<RunAsFlow> {
  const entries = deps.index.entries().filter((e) => e.run_id === runId);
  if (entries.length === 0) throw flowError('NOT_FOUND', '/run_id', `no receipt of run ${runId} is in this journal`);
  const receipts: Receipt[] = entries.map((e) => deps.index.read(e));
  const refs = deps.store.refs(runId);
  const evidence = receipts.map((r) => refs.get(r.operation_id) ?? null);
  const trees = actedOnTrees(
    evidence.map((e) => ({ before: treeOf(deps.store, e?.tree_before), after: treeOf(deps.store, e?.tree_after) })),
  );
  const serial = receipts[0]!.device_serial;
  let device: RunDevice;
  let geometry: Omit<RecordedOn, 'packages'>;
  try {
    device = await deps.device(serial);
    geometry = await device.geometry();
  } catch (e) {
    throw flowError(
      'DEVICE_NOT_FOUND',
      '/run_id',
      `the run's device ${serial} cannot be read (${(e as Error).message}): a flow records the geometry of the device it replays on`,
    );
  }
  const used = trees.filter((_t, i) => receipts[i]!.status !== 'not_started');
  const recorded_on: RecordedOn = { ...geometry, packages: await packagesOf(device, used) };
  // The run's own name (a flow's, `--run NAME`, the agent's), with when it ran: "e2e-agent, 2026-12-02 05:15".
  const when = receipts[0]!.started_at.slice(0, 16).replace('T', ' ');
  const named =
    name ?? `${runName(entries[0]!, entries.map((e) => e.run_name ?? null).find((n) => n) ?? null) ?? runId}, ${when}`;
  const result = flowFromRun(
    receipts.map((receipt, i) => ({ receipt, tree: trees[i] ?? null })),
    {
      name: named.slice(0, 200),
      description: `Saved from run ${runId} (${receipts.length} steps on ${serial}, ${receipts[0]!.started_at.slice(0, 10)}).`,
      recorded_on,
    },
  );
  const parsed = parseFlow(result.flow);
  if (!parsed.ok) {
    const first = parsed.errors[0]!;
    throw flowError(first.code, first.path, `the run does not make a valid flow: ${first.message}`);
  }
  return { ...result, flow: parsed.flow, run_id: runId, device: serial };
}
