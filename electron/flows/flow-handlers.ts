// The main-process side of the flows.* and group.dispatch channels (shared/ipc/flows.ts): the library, the
// console's replays and group control, over the console's executor.
import type { Handlers } from '../../shared/ipc';
import type { Receipt } from '../../shared/receipts';
import { FlowLibrary } from './library';
import { groupDispatch } from './group-dispatch';
import { ReplayService } from './replay-service';
import type { ReplayDeps } from './replay';
import { runAsFlow, type RunAsFlowDeps } from './run-as-flow';

type FlowChannel = Extract<keyof Handlers, `flows.${string}` | 'group.dispatch'>;

export interface FlowServices {
  library: FlowLibrary;
  replays: ReplayService;
}

export function createFlowServices(flowsDir: string, deps: ReplayDeps): FlowServices {
  const library = new FlowLibrary(flowsDir);
  return { library, replays: new ReplayService(deps, library) };
}

export function flowHandlers(
  services: FlowServices,
  deps: ReplayDeps & { onReceipt(r: Receipt): void; runs?: RunAsFlowDeps },
): Pick<Handlers, FlowChannel> {
  const { library, replays } = services;
  return {
    'flows.list': async ({ query }) => ({ dir: library.dir, flows: await library.list(query) }),
    'flows.open': async ({ id }) => library.open(id),
    'flows.save': async ({ id, flow }) => ({ entry: await library.save(flow, id) }),
    'flows.rename': async ({ id, name }) => ({ entry: await library.rename(id, name) }),
    'flows.duplicate': async ({ id, name }) => ({ entry: await library.duplicate(id, name) }),
    'flows.delete': async ({ id }) => ({ deleted: await library.delete(id) }),
    'flows.import': async ({ source }) => ({ entry: await library.importFlow(source) }),
    'flows.export': async ({ id, path }) => ({ path: await library.exportFlow(id, path) }),
    'flows.from-run': async ({ run_id, name, save }) => {
      if (!deps.runs) throw Object.assign(new Error('this console reads no journal'), { code: 'UNAVAILABLE' });
      const made = await runAsFlow(deps.runs, run_id, name);
      return {
        flow: made.flow,
        kept: made.kept,
        left_out: made.left_out,
        entry: save ? await library.save(made.flow) : null,
      };
    },
    'flows.replay.start': async (request) => ({ replay: await replays.start(request) }),
    'flows.replay.pause': async ({ replay_id }) => ({ replay: replays.pause(replay_id) }),
    'flows.replay.resume': async ({ replay_id }) => ({ replay: replays.resume(replay_id) }),
    'flows.replay.stop': async ({ replay_id }) => ({ replay: replays.stop(replay_id) }),
    'flows.replay.list': async () => ({ replays: replays.list() }),
    'group.dispatch': async ({ serials, envelope }) => ({
      results: await groupDispatch(deps.executor, deps.owner, serials, envelope, deps.onReceipt),
    }),
  };
}
