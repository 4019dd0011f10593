// The view rail's controls (the stage's left rail, stage-frame.ts): the tools, the overlay's node filters, the
// windows in layer order (top first) with a visibility toggle each, the node count, live and Refresh. A rail of
// its own beside the picture: however many windows there are, the list wraps and scrolls in the rail and the
// picture does not move.
import { useMemo } from 'react';
import { useStore } from '../../app/store';
import { Toolbar } from '../../tools/Toolbar';
import { refreshObservation } from './observe';
import { windowLayers } from './overlay-model';

export function OverlayToolbar() {
  const filters = useStore((s) => s.filters);
  const setFilter = useStore((s) => s.setFilter);
  const toggleWindow = useStore((s) => s.toggleWindow);
  const observation = useStore((s) => s.observation);
  const observing = useStore((s) => s.observing);
  const observeError = useStore((s) => s.observeError);
  const autoObserve = useStore((s) => s.autoObserve);
  const setAutoObserve = useStore((s) => s.setAutoObserve);
  const layers = useMemo(() => (observation ? windowLayers(observation.nodes) : []), [observation]);
  return (
    <div className="toolbar view-controls" data-testid="view-controls">
      <Toolbar />
      <div className="rail-group" role="group" aria-label="Overlay filters">
        <label className="check">
          <input
            type="checkbox"
            checked={filters.clickableOnly}
            onChange={(e) => setFilter('clickableOnly', e.target.checked)}
          />
          clickable
        </label>
        <label className="check">
          <input type="checkbox" checked={filters.textOnly} onChange={(e) => setFilter('textOnly', e.target.checked)} />
          text only
        </label>
        <label className="check">
          <input
            type="checkbox"
            checked={filters.showOccluded}
            onChange={(e) => setFilter('showOccluded', e.target.checked)}
          />
          occluded
        </label>
      </div>
      <div className="rail-group rail-windows" role="group" aria-label="Windows">
        <span className="label">windows</span>
        {layers.map((l) => {
          const title = observation?.windows?.find((w) => w.window === l.window)?.title;
          return (
            <label
              key={l.window}
              className="check"
              data-testid="window-layer"
              data-window={l.window}
              title={`window ${l.window}${title ? ` (${title})` : ''}: ${l.nodeCount} nodes`}
            >
              <input
                type="checkbox"
                checked={!filters.hiddenWindows.includes(l.window)}
                onChange={() => toggleWindow(l.window)}
              />
              #{l.window}
              {title ? ` ${title}` : ''} <span className="dim nowrap">({l.nodeCount})</span>
            </label>
          );
        })}
      </div>
      <div className="rail-group">
        <span className="dim mono">{observation ? `${observation.nodes.length} nodes` : ''}</span>
        {observeError && (
          <span className="error-inline" title={observeError}>
            observe failed
          </span>
        )}
        <span className="rail-row">
          <label className="check" title="Observe the node tree continuously, one dump after another">
            <input type="checkbox" checked={autoObserve} onChange={(e) => setAutoObserve(e.target.checked)} />
            live
          </label>
          <button
            className="btn"
            onClick={() => void refreshObservation()}
            disabled={observing}
            title="Observe the node tree again (F5)"
          >
            {observing ? 'Observing…' : 'Refresh'}
          </button>
        </span>
      </div>
    </div>
  );
}
