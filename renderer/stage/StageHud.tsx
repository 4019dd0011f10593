// The stage's corner controls: zoom level and presets (fit, 100 %, 200 %, 400 %, 800 %), freeze, and the
// overlay's staleness (the mirror changed after the tree was observed).
import { stagePoint, zoomPercent, type Camera, type ScreenSize, type Viewport } from '../../shared/geometry';
import { useStore } from '../app/store';
import { dpr, fit, zoomToPercent } from './camera-actions';

const PRESETS = [100, 200, 400, 800];

export function StageHud({ viewport, screen, camera }: { viewport: Viewport; screen: ScreenSize; camera: Camera }) {
  const frozen = useStore((s) => s.frozen);
  const setFrozen = useStore((s) => s.setFrozen);
  const stale = useStore((s) => s.overlayStale);
  const observing = useStore((s) => s.observing);
  const centre = stagePoint(viewport.width / 2, viewport.height / 2);
  const percent = Math.round(zoomPercent(camera.zoom, dpr()));
  return (
    <div className="stage-hud" onPointerDown={(e) => e.stopPropagation()} onPointerUp={(e) => e.stopPropagation()}>
      <button className="btn" onClick={fit} title="Fit the picture (0)" data-testid="zoom-fit">
        Fit
      </button>
      {PRESETS.map((p) => (
        <button
          key={p}
          className={`btn${percent === p ? ' on' : ''}`}
          onClick={() => zoomToPercent(p, centre, viewport, screen)}
          data-testid={`zoom-${p}`}
          title={p === 100 ? 'One device pixel per screen pixel (1)' : `${p} %`}
        >
          {p}%
        </button>
      ))}
      <span className="mono zoom-level" data-testid="zoom-level">
        {percent} %
      </span>
      <button
        className={`btn${frozen ? ' on' : ''}`}
        aria-pressed={frozen}
        onClick={() => setFrozen(!frozen)}
        data-testid="freeze"
        title="Freeze the frame and the node tree (F)"
      >
        {frozen ? 'Frozen' : 'Freeze'}
      </button>
      {stale && !frozen && (
        <span
          className="stale-badge"
          data-testid="overlay-stale"
          title="The picture changed after the node tree was observed"
        >
          {observing ? 'observing…' : 'overlay stale'}
        </span>
      )}
    </div>
  );
}
