// Compound commands: ( list ) in a subshell, { list; } in this shell, if/elif/else, for and
// while/until loops with break/continue. Status rules follow POSIX: a loop or if that ran no body
// exits 0, otherwise with its last body command's status.
import type { CompoundCommand, ListItem, Word } from './command-line';
import type { Streams } from './redirect';
import { forkState, type ShellState } from './shell-state';

export interface ListRunner {
  runList(items: ListItem[], state: ShellState, io: Streams): Promise<void>;
  fields(words: Word[], state: ShellState, io: Streams): Promise<string[]>;
}

/** Lets the host's abort (a closed stream) in between iterations of a loop that never awaits I/O. */
const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve));

/** After a loop body: whether the loop goes on, consuming one level of a pending break/continue. */
function takeLoopControl(state: ShellState): boolean {
  const pending = state.loop;
  if (!pending) return true;
  if (pending.levels > 1) {
    state.loop = { ...pending, levels: pending.levels - 1 };
    return false;
  }
  state.loop = null;
  return pending.kind === 'continue';
}

export async function runCompound(
  cmd: CompoundCommand,
  state: ShellState,
  io: Streams,
  run: ListRunner,
): Promise<number> {
  const stopped = () => state.exit !== null || io.signal.aborted;
  const body = async (list: ListItem[]) => {
    state.loopDepth++;
    try {
      await run.runList(list, state, io);
    } finally {
      state.loopDepth--;
    }
  };
  switch (cmd.kind) {
    case 'subshell': {
      const sub = forkState(state);
      await run.runList(cmd.list, sub, io);
      return sub.exit ?? sub.status;
    }
    case 'group':
      await run.runList(cmd.list, state, io);
      return state.status;
    case 'if':
      for (const clause of cmd.clauses) {
        await run.runList(clause.condition, state, io);
        if (stopped() || state.loop) return state.status;
        if (state.status === 0) {
          await run.runList(clause.body, state, io);
          return state.status;
        }
      }
      if (cmd.otherwise) {
        await run.runList(cmd.otherwise, state, io);
        return state.status;
      }
      return 0;
    case 'for': {
      const items = cmd.items === null ? [...state.params] : await run.fields(cmd.items, state, io);
      let status = 0;
      for (const item of items) {
        state.vars.set(cmd.name, item);
        await body(cmd.body);
        status = state.status;
        if (!takeLoopControl(state) || stopped()) break;
        await yieldToEvents();
      }
      return status;
    }
    case 'while':
    case 'until': {
      let status = 0;
      for (;;) {
        await run.runList(cmd.condition, state, io);
        if (stopped() || (state.status === 0) !== (cmd.kind === 'while')) break;
        await body(cmd.body);
        status = state.status;
        if (!takeLoopControl(state) || stopped()) break;
        await yieldToEvents();
      }
      return status;
    }
  }
}
