// Overlay controls: the tools (Inspect / Control), the node filters, and the windows in layer order (top first)
// with a visibility toggle each.
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
    <div className="toolbar">
      <Toolbar />
      <span className="sep" />
      <label className="check"><input type="checkbox" checked={filters.clickableOnly} onChange={(e) => setFilter('clickableOnly', e.target.checked)} />clickable</label>
      <label className="check"><input type="checkbox" checked={filters.textOnly} onChange={(e) => setFilter('textOnly', e.target.checked)} />text only</label>
      <label className="check"><input type="checkbox" checked={filters.showOccluded} onChange={(e) => setFilter('showOccluded', e.target.checked)} />occluded</label>
      <span className="sep" />
      <span className="label">windows</span>
      {layers.map((l) => {
        const title = observation?.windows?.find((w) => w.window === l.window)?.title;
        return (
          <label key={l.window} className="check" data-testid="window-layer" data-window={l.window} title={`window ${l.window}${title ? ` (${title})` : ''}: ${l.nodeCount} nodes`}>
            <input type="checkbox" checked={!filters.hiddenWindows.includes(l.window)} onChange={() => toggleWindow(l.window)} />
            #{l.window}{title ? ` ${title}` : ''} <span className="dim">({l.nodeCount})</span>
          </label>
        );
      })}
      <span className="spacer" />
      {observeError && <span className="error-inline" title={observeError}>observe failed</span>}
      <span className="dim mono">{observation ? `${observation.nodes.length} nodes` : ''}</span>
      <label className="check" title="Observe the node tree continuously, one dump after another">
        <input type="checkbox" checked={autoObserve} onChange={(e) => setAutoObserve(e.target.checked)} />live
      </label>
      <button className="btn" onClick={() => void refreshObservation()} disabled={observing} title="Observe the node tree again (F5)">{observing ? 'Observing…' : 'Refresh'}</button>
    </div>
  );
}
