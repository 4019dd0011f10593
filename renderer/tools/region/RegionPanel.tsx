// The region tool's panel beside the stage: which step the region goes to, the region as written in the call's
// coordinate space, the step's codes from prepareCall, and Clear region (one undo step).
import { useStore } from '../../app/store';
import { useRegionView } from './use-region-view';
import '../calibrated-drag/calibrated-drag.css';

export function RegionPanel() {
  const view = useRegionView();
  const steps = useStore((s) => s.document.steps);
  const clear = () => {
    if (!view) return;
    const s = useStore.getState();
    const step = s.document.steps.find((x) => x.id === view.stepId)!;
    s.markHistory('clear region');
    s.updateStep(step.id, { tool: step.envelope.tool, args: { ...step.envelope.args, region: null } }, { mark: false });
  };
  const n = view ? steps.findIndex((s) => s.id === view.stepId) + 1 : 0;
  return (
    <aside className="cal-builder" data-testid="region-panel" aria-label="Region">
      {!view && (
        <div className="cal-missing" data-testid="region-hint">
          Select one drag, pinch or gesture step in the document, then draw its region on the stage.
        </div>
      )}
      {view && (
        <>
          <div className="cal-row">
            <span className="cal-label">step</span>
            <span className="cal-value mono" data-testid="region-step">
              {n}: {view.tool}
            </span>
          </div>
          <div className="cal-row">
            <span className="cal-label">region</span>
            <span className="cal-value mono" data-testid="region-value">
              {view.region ? `[${view.region.join(', ')}]` : 'none — drag on the stage'}
            </span>
          </div>
          <div className="cal-row">
            <span className="cal-label">codes</span>
            <span className="cal-value mono" data-testid="region-codes">
              {view.issues.length === 0 ? 'OK' : [...new Set(view.issues.map((i) => i.code))].join(' ')}
            </span>
          </div>
          {view.issues.map((i) => (
            <div key={i.code + i.path} className="cal-problem mono" data-testid="region-issue" data-code={i.code}>
              {i.code} {i.path}: {i.message}
            </div>
          ))}
          <div className="cal-actions">
            <button className="btn btn-small" data-testid="region-clear" disabled={!view.region} onClick={clear}>
              Clear region
            </button>
          </div>
        </>
      )}
    </aside>
  );
}
