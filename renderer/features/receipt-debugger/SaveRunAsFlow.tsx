// "Save run as flow": the chosen run of this machine's journal becomes a flow in the library (`flows.from-run`):
// its input steps, with the agent's targets as selectors where a receipt names a node, and its checks; failed,
// refused and read-only steps are left out and listed here. The saved flow opens in the editor on request.
import { useState } from 'react';
import type { ResponseOf } from '../../../shared/ipc/contract';
import { api, errorText } from '../../app/api';
import { openFlow } from '../flows/library-actions';
import { useDebugger } from './debugger-store';

type Saved = ResponseOf<'flows.from-run'>;

const requestFromRun = (run: string) => api().request('flows.from-run', { run_id: run, save: true });

export function SaveRunAsFlow({ run, disabled }: { run: string; disabled: boolean }) {
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState<Saved | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    setSaved(null);
    try {
      setSaved(await requestFromRun(run));
    } catch (e) {
      setError(errorText(e));
    }
    setBusy(false);
  };
  const open = async (id: string) => {
    await openFlow(id);
    useDebugger.getState().setOpen(false);
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-small"
        data-testid="debugger-save-flow"
        disabled={disabled || busy || run === ''}
        title={
          run === ''
            ? 'choose a run first'
            : 'Make a flow of this run: its input steps and checks, replayable without the agent'
        }
        onClick={() => void save()}
      >
        {busy ? 'Saving…' : 'Save run as flow'}
      </button>
      {saved?.entry && (
        <span
          className="debugger-flow-saved"
          data-testid="debugger-flow-saved"
          data-flow-id={saved.entry.id}
          data-steps={saved.flow.steps.length}
          data-left-out={saved.left_out.length}
        >
          <button
            type="button"
            className="btn btn-small link"
            data-testid="debugger-flow-open"
            onClick={() => void open(saved.entry!.id)}
            title={saved.entry.file}
          >
            {saved.entry.name}: {saved.flow.steps.length} steps
          </button>
          {saved.left_out.length > 0 && (
            <span
              className="dim mono"
              data-testid="debugger-flow-left-out"
              title={saved.left_out.map((l) => `step ${l.run_step} ${l.tool}: ${l.why}`).join('\n')}
            >
              {saved.left_out.length} left out ({saved.left_out.map((l) => `${l.run_step} ${l.tool}`).join(', ')})
            </span>
          )}
        </span>
      )}
      {error && (
        <span className="mono code-text" data-testid="debugger-flow-error">
          {error}
        </span>
      )}
    </>
  );
}
