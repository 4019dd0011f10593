// tactile flow validate FILE [--max-burst-actions N]
// tactile flow run FILE --serial S [--serial S2 …] [--from N] [--scale-coordinates] [--json] [--server HOST:PORT]…
// tactile flow from-run RUN --out FILE [--name NAME] [--journal DIR] [--server HOST:PORT]…
// validate: the flow's format, outer shape and every step as the executor would judge it (exit 0 valid, 1 not).
// run: the flow replayed on every --serial at once through the same executor the console uses (each step one
// operation under that device's lock, journaled), from step N (0-based, the flow's /steps/N) with --from. Prints
// the step × device matrix and the receipts. Exit 0 only when every step succeeded on every device, 1 otherwise,
// 2 for usage errors. SIGINT/SIGTERM stop the replay between events (steps in flight keep honest receipts).
// from-run: the run's input steps and checks as a flow (electron/flows/run-as-flow.ts), recorded on the run's
// device as adb reads it now; prints what was kept and what was left out (failed, refused, reads). Exit 0 when
// the flow was written, 1 when the run is unknown, its device unreadable or the flow invalid.
import { hostname } from 'node:os';
import { parseFlowText, serializeFlow, type Flow } from '../../shared/flows';
import { RunIdSchema } from '../../shared/receipts/run';
import type { Owner, Receipt } from '../../shared/receipts';
import { DeviceSessions } from '../../electron/device/sessions';
import { createExecutor, sessionDeviceLinks } from '../../electron/executor';
import { FlowError } from '../../electron/flows/flow-error';
import { replaceFileAtomic } from '../../electron/flows/atomic-file';
import { runAsFlow } from '../../electron/flows/run-as-flow';
import { defaultJournalDir } from '../../electron/receipts/journal';
import { JournalIndex } from '../../electron/receipts/journal-index';
import { EvidenceStore } from '../../electron/receipts/evidence-store';
import { evidenceDirOf } from '../../electron/receipts/evidence-location';
import { Replay } from '../../electron/flows/replay';
import { checkReplayStart } from '../../electron/flows/replay-service';
import { screenShown } from '../../electron/flows/screen-shown';
import { journalForm } from '../../electron/receipts';
import { parseFlags, parsePositiveInt } from '../args';
import { EXIT, printErrors, printJson, usageError, type CliCommand, type CliIo } from '../command';
import { serversFromFlags } from './device-common';
import { refuseSerial, SERVER_FLAG } from './device-flags';
import { FLOW_USAGE, USAGE } from '../usage';

/** How long a signalled run may take to stop between events and write its receipts. */
const SIGNAL_GRACE_MS = 2000;

const { validate: validateUsage, run: runUsage, fromRun: fromRunUsage, overview: usage } = FLOW_USAGE;

type LoadedFlow = { ok: true; flow: Flow; migrated_from: string | null } | { ok: false; exit: number };

async function loadFlow(io: CliIo, file: string, usageLine: string, maxBurstActions?: number): Promise<LoadedFlow> {
  let text: string;
  try {
    text = await io.readFile(file);
  } catch (e) {
    const reason = e instanceof Error && 'code' in e ? String(e.code) : 'unreadable';
    return { ok: false, exit: usageError(io, usageLine, `Cannot read ${JSON.stringify(file)} (${reason}).`) };
  }
  const parsed = parseFlowText(text, { maxBurstActions });
  return parsed.ok ? parsed : { ok: false, exit: printErrors(io, parsed.errors, EXIT.invalid) };
}

async function validate(argv: string[], io: CliIo): Promise<number> {
  const flags = parseFlags(argv, { 'max-burst-actions': { type: 'string' } });
  if (!flags.ok) return usageError(io, validateUsage, flags.message);
  if (flags.positionals.length !== 1) return usageError(io, validateUsage, 'Give exactly one FILE.');
  const maxBurst = parsePositiveInt('--max-burst-actions', flags.values['max-burst-actions']);
  if (!maxBurst.ok) return usageError(io, validateUsage, maxBurst.message);
  const loaded = await loadFlow(io, flags.positionals[0]!, validateUsage, maxBurst.value);
  if (!loaded.ok) return loaded.exit;
  const { flow } = loaded;
  printJson(io, {
    ok: true,
    format: flow.format,
    name: flow.name,
    steps: flow.steps.length,
    tools: flow.steps.map((s) => s.tool),
    migrated_from: loaded.migrated_from,
  });
  return EXIT.ok;
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const flags = parseFlags(argv, {
    serial: { type: 'string', multiple: true },
    from: { type: 'string' },
    'scale-coordinates': { type: 'boolean' },
    json: { type: 'boolean' },
    ...SERVER_FLAG,
  });
  if (!flags.ok) return usageError(io, runUsage, flags.message);
  if (flags.positionals.length !== 1) return usageError(io, runUsage, 'flow run takes exactly one FILE.');
  const serials = flags.values.serial ?? [];
  if (serials.length === 0)
    return usageError(io, runUsage, '--serial is required (repeat it to replay on several devices at once).');
  for (const serial of serials) {
    const refused = refuseSerial(io, runUsage, serial);
    if (refused !== null) return refused;
  }
  const from = flags.values.from;
  if (from !== undefined && !/^\d{1,6}$/.test(from))
    return usageError(io, runUsage, `--from must be a step index (0 is the first step), got ${JSON.stringify(from)}.`);
  const loaded = await loadFlow(io, flags.positionals[0]!, runUsage);
  if (!loaded.ok) return loaded.exit;
  const mode = from === undefined ? 'all' : 'from';
  const step = from === undefined ? 0 : Number(from);
  try {
    checkReplayStart(loaded.flow, serials, mode, step);
  } catch (e) {
    if (e instanceof FlowError) return usageError(io, runUsage, e.message);
    throw e;
  }
  const servers = serversFromFlags(flags.values.server);
  if (!servers.ok) return usageError(io, runUsage, servers.message);
  const sessions = new DeviceSessions(servers.servers);
  try {
    const executor = createExecutor({ links: sessionDeviceLinks(sessions) });
    const owner: Owner = { pid: process.pid, hostname: hostname(), client: 'cli' };
    const receipts: Receipt[] = [];
    const replay = new Replay(
      {
        executor,
        owner,
        async geometry(serial) {
          const info = await (await sessions.open(serial)).info();
          return { screen: info.screen, density: info.density, rotation: info.rotation };
        },
        screenShown: async (serial) => screenShown(await (await sessions.open(serial)).observe()),
        onReceipt: (r) => receipts.push(r),
      },
      {
        flow: loaded.flow,
        flowId: null,
        serials,
        mode,
        step,
        pauseAfterEach: false,
        scaleCoordinates: flags.values['scale-coordinates'] === true,
      },
    );
    const onSignal = (signal: NodeJS.Signals) => {
      replay.stop();
      setTimeout(() => {
        executor.abandonInFlight(`tactile flow run received ${signal}`);
        process.exit(signal === 'SIGINT' ? 130 : 143);
      }, SIGNAL_GRACE_MS).unref();
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    let view;
    try {
      view = await replay.done;
    } finally {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    }
    const ok = view.cells.every((c) => c.state === 'succeeded');
    const result = { ok, replay: view, receipts: receipts.map((r) => journalForm(r)) };
    io.stdout.write((flags.values.json === true ? JSON.stringify(result) : JSON.stringify(result, null, 2)) + '\n');
    return ok ? EXIT.ok : EXIT.invalid;
  } finally {
    sessions.stop();
  }
}

async function fromRun(argv: string[], io: CliIo): Promise<number> {
  const flags = parseFlags(argv, {
    out: { type: 'string' },
    name: { type: 'string' },
    journal: { type: 'string' },
    ...SERVER_FLAG,
  });
  if (!flags.ok) return usageError(io, fromRunUsage, flags.message);
  if (flags.positionals.length !== 1)
    return usageError(io, fromRunUsage, 'from-run takes exactly one RUN (a run id, e.g. mcp-…, cli-…).');
  const runId = RunIdSchema.safeParse(flags.positionals[0]);
  if (!runId.success)
    return usageError(
      io,
      fromRunUsage,
      `RUN must be a run id (<console|cli|flow|mcp|bridge>-<id>), got ${JSON.stringify(flags.positionals[0]!.slice(0, 140))}.`,
    );
  const out = flags.values.out;
  if (out === undefined || out === '') return usageError(io, fromRunUsage, '--out FILE is required.');
  const name = flags.values.name?.trim();
  if (name !== undefined && (name.length === 0 || name.length > 200))
    return usageError(io, fromRunUsage, '--name must be 1–200 characters.');
  const servers = serversFromFlags(flags.values.server);
  if (!servers.ok) return usageError(io, fromRunUsage, servers.message);
  const journalDir = flags.values.journal ?? defaultJournalDir();
  const index = new JournalIndex(journalDir);
  const sessions = new DeviceSessions(servers.servers);
  try {
    const made = await runAsFlow(
      {
        index,
        store: new EvidenceStore(evidenceDirOf(journalDir)),
        async device(serial) {
          const session = await sessions.open(serial);
          return {
            async geometry() {
              const info = await session.info();
              return { screen: info.screen, density: Math.round(info.density), rotation: info.rotation, sdk: info.sdk };
            },
            shell: (command) => session.shell(command),
          };
        },
      },
      runId.data,
      name,
    );
    await replaceFileAtomic(out, serializeFlow(made.flow));
    printJson(io, {
      ok: true,
      path: out,
      name: made.flow.name,
      run_id: made.run_id,
      device: made.device,
      steps: made.flow.steps.length,
      kept: made.kept,
      left_out: made.left_out,
    });
    return EXIT.ok;
  } catch (e) {
    if (e instanceof FlowError) return printErrors(io, [e.toJSON()], EXIT.invalid);
    const errno = (e as NodeJS.ErrnoException).code;
    if (typeof errno === 'string' && /^E[A-Z]+$/.test(errno))
      return printErrors(
        io,
        [{ code: 'INVALID_ARGUMENT', path: '/out', message: `cannot write ${JSON.stringify(out)} (${errno})` }],
        EXIT.invalid,
      );
    throw e;
  } finally {
    sessions.stop();
  }
}

export const flowCommand: CliCommand = {
  name: 'flow',
  usage: USAGE.flow,
  async run(argv, io) {
    const [sub, ...rest] = argv;
    if (sub === 'validate') return validate(rest, io);
    if (sub === 'run') return run(rest, io);
    if (sub === 'from-run') return fromRun(rest, io);
    return usageError(
      io,
      usage,
      sub === undefined
        ? 'Give a flow command: validate, run or from-run.'
        : `Unknown flow command ${JSON.stringify(sub)}; expected validate, run or from-run.`,
    );
  },
};
