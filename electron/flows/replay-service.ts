// The console's replays: started from a library flow or the unsaved document, kept (the last MAX_KEPT finished
// ones) so a reloaded renderer can find them again, controlled by id.
import { parseFlow, type Flow } from '../../shared/flows';
import type { ReplayView } from '../../shared/ipc/flows';
import { flowError } from './flow-error';
import type { FlowLibrary } from './library';
import { Replay, type ReplayDeps } from './replay';

const MAX_KEPT = 20;

export interface ReplayStart {
  source: { kind: 'library'; id: string } | { kind: 'inline'; flow: unknown };
  serials: string[];
  mode: 'all' | 'from' | 'single';
  step: number;
  pause_after_each: boolean;
  scale_coordinates: boolean;
}

/** The checks every replay start makes, console or CLI: steps in range, no device twice. */
export function checkReplayStart(
  flow: Flow,
  serials: readonly string[],
  mode: ReplayStart['mode'],
  step: number,
): void {
  if (mode !== 'all' && step >= flow.steps.length) {
    throw flowError(
      'INVALID_ARGUMENT',
      '/step',
      `The flow has ${flow.steps.length} steps (1…${flow.steps.length}, indexes 0…${flow.steps.length - 1}); there is no step at index ${step} (step ${step + 1}).`,
    );
  }
  const seen = new Set<string>();
  serials.forEach((s, i) => {
    if (seen.has(s))
      throw flowError('INVALID_ARGUMENT', `/serials/${i}`, `${s} is listed twice; each device replays the flow once.`);
    seen.add(s);
  });
}

export class ReplayService {
  private readonly replays = new Map<string, Replay>();

  constructor(
    private readonly deps: ReplayDeps,
    private readonly library: FlowLibrary,
  ) {}

  async start(request: ReplayStart): Promise<ReplayView> {
    let flow: Flow;
    let flowId: string | null = null;
    if (request.source.kind === 'library') {
      const opened = await this.library.open(request.source.id);
      if (opened.flow === null) {
        const e = opened.errors[0]!;
        throw flowError(
          e.code,
          e.path,
          `${request.source.id} does not parse as a flow: ${e.path ? e.path + ': ' : ''}${e.message}`,
        );
      }
      flow = opened.flow;
      flowId = request.source.id;
    } else {
      const parsed = parseFlow(request.source.flow);
      if (!parsed.ok) {
        const e = parsed.errors[0]!;
        throw flowError(e.code, '/source/flow' + e.path, `The flow is not replayed: ${e.message}`);
      }
      flow = parsed.flow;
    }
    checkReplayStart(flow, request.serials, request.mode, request.step);
    const replay = new Replay(this.deps, {
      flow,
      flowId,
      serials: request.serials,
      mode: request.mode,
      step: request.step,
      pauseAfterEach: request.pause_after_each,
      scaleCoordinates: request.scale_coordinates,
    });
    this.replays.set(replay.id, replay);
    void replay.done.then(() => this.prune());
    return replay.view();
  }

  private get(id: string): Replay {
    const replay = this.replays.get(id);
    if (!replay) throw flowError('NOT_FOUND', '/replay_id', `No replay ${JSON.stringify(id)} in this console.`);
    return replay;
  }

  pause = (id: string) => this.get(id).pause();
  resume = (id: string) => this.get(id).resume();
  stop = (id: string) => this.get(id).stop();

  list(): ReplayView[] {
    return [...this.replays.values()].reverse().map((r) => r.view());
  }

  /** Stops every replay (the console is closing) and waits for their receipts. */
  async stopAll(): Promise<void> {
    const all = [...this.replays.values()];
    for (const r of all) r.stop();
    await Promise.all(all.map((r) => r.done));
  }

  private prune(): void {
    const finished = [...this.replays.values()].filter((r) => r.view().state === 'finished');
    for (const r of finished.slice(0, Math.max(0, finished.length - MAX_KEPT))) this.replays.delete(r.id);
  }
}
