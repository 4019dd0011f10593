// Replay controls above the steps: run all, step by step (each Next runs one step), from the selected step;
// pause/resume and stop while it runs. After a failure: which step, why and what the screen showed; a
// GEOMETRY_CHANGED refusal offers the explicit choice to scale normalized coordinates.
import { useStore } from '../../app/store';
import { useFrameStore } from '../../app/use-frame-store';
import {
  failureText,
  geometryRefused,
  pauseReplay,
  replaySerials,
  resumeReplay,
  startReplay,
  stopReplay,
} from './replay-actions';
import './replay.css';

export function ReplayBar() {
  const replay = useStore((s) => s.replay);
  const steps = useFrameStore((s) => s.document.steps);
  const selection = useFrameStore((s) => s.document.selection);
  const group = useStore((s) => s.group);
  const serial = useStore((s) => s.selectedSerial);
  const live = replay !== null && replay.state !== 'finished';
  const selectedIndex = selection.length === 1 ? steps.findIndex((s) => s.id === selection[0]) : -1;
  const none = steps.length === 0 || (serial === null && group.length === 0);
  const failure = replay ? failureText(replay) : null;
  const refusedGeometry = replay !== null && replay.state === 'finished' && geometryRefused(replay);
  const changes = replay?.devices.flatMap((d) => d.geometry_changes.map((c) => `${d.serial}: ${c}`)) ?? [];
  const stepByStep = replay?.pause_after_each === true && replay.state === 'paused';
  const targets = replaySerials().length;
  return (
    <div className="replay-bar" data-testid="replay-bar">
      <div className="replay-buttons">
        <button
          className="btn btn-small"
          data-testid="replay"
          disabled={none || live}
          onClick={() => void startReplay({ mode: 'all' })}
          title={`Replay every step on ${targets > 1 ? `${targets} devices` : 'the device'}`}
        >
          ▶ Replay{targets > 1 ? ` ×${targets}` : ''}
        </button>
        <button
          className="btn btn-small"
          data-testid="replay-step"
          disabled={none || (live && !stepByStep)}
          onClick={() => void (stepByStep ? resumeReplay() : startReplay({ mode: 'all', stepByStep: true }))}
          title="Step by step: run one step, then wait for Next"
        >
          {stepByStep ? 'Next' : 'Step'}
        </button>
        <button
          className="btn btn-small"
          data-testid="replay-from"
          disabled={none || live || selectedIndex < 0}
          onClick={() => void startReplay({ mode: 'from', step: selectedIndex })}
          title="Replay from the selected step to the end"
        >
          From sel.
        </button>
        {live && replay.state === 'running' && (
          <button className="btn btn-small" data-testid="replay-pause" onClick={() => void pauseReplay()}>
            Pause
          </button>
        )}
        {live && replay.state === 'paused' && !stepByStep && (
          <button className="btn btn-small" data-testid="replay-resume" onClick={() => void resumeReplay()}>
            Resume
          </button>
        )}
        {live && (
          <button className="btn btn-small" data-testid="replay-stop" onClick={() => void stopReplay()}>
            Stop
          </button>
        )}
        {replay && (
          <span className={`replay-state state-${replay.state}`} data-testid="replay-state">
            {replay.state}
          </span>
        )}
      </div>
      {refusedGeometry && (
        <div className="replay-geometry" data-testid="replay-geometry">
          <button
            className="btn btn-small"
            data-testid="replay-scale"
            onClick={() => void startReplay({ mode: replay.mode, step: replay.steps[0]?.index ?? 0, scale: true })}
            title="Replay again, sending pixel coordinates scaled to this screen through normalized coordinates"
          >
            Scale normalized coordinates
          </button>
          <span>
            GEOMETRY_CHANGED: the screen differs from the recording
            {changes.length > 0 ? ` (${changes.join('; ')})` : ''}; coordinate steps were refused, nothing was sent for
            them.
          </span>
        </div>
      )}
      {failure && (
        <div className="error-line replay-failure" data-testid="replay-failure">
          {failure}
        </div>
      )}
    </div>
  );
}
