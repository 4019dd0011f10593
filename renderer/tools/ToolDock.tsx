// The tool dock: the current tool's panel (its surface's Panel, from the registry) with a header that folds it.
// It floats over the right column, below the approvals (Workspace.tsx), so opening a tool never takes the
// stage's room; without the right column (collapsed, or the stage fullscreen) it floats on the stage itself,
// between the fitted picture and the zoom HUD. The panel stays mounted while folded, keeping what it holds.
import type { CSSProperties } from 'react';
import { useStore } from '../app/store';
import { FIT_MARGIN_PX, HUD_RAIL_PX } from '../stage/stage-frame';
import { TOOL_SURFACES } from './surfaces';

/** The floating dock's width bounds (CSS px): narrower, its panel would cut its own rows. */
const FLOAT_MIN_PX = 240;
const FLOAT_MAX_PX = 360;

function useFloatStyle(): CSSProperties {
  const fitted = useStore((s) => s.fitted);
  const room = fitted
    ? Math.floor(fitted.width - HUD_RAIL_PX - fitted.picture.right - FIT_MARGIN_PX * 2)
    : FLOAT_MAX_PX;
  return { right: HUD_RAIL_PX, width: Math.max(FLOAT_MIN_PX, Math.min(FLOAT_MAX_PX, room)) };
}

export function ToolDock({ floating }: { floating: boolean }) {
  const tool = useStore((s) => s.toolId);
  const serial = useStore((s) => s.selectedSerial);
  const folded = useStore((s) => s.dockFolded);
  const setFolded = useStore((s) => s.setDockFolded);
  const float = useFloatStyle();
  const { Panel, title } = TOOL_SURFACES[tool];
  if (!Panel || !serial) return null;
  return (
    <section
      className={`tool-dock${floating ? ' floating' : ''}${folded ? ' folded' : ''}`}
      data-testid="tool-dock"
      data-tool={tool}
      data-floating={floating}
      style={floating ? float : undefined}
      aria-label={`${title ?? tool} panel`}
    >
      <header className="panel-title tool-dock-head">
        {title ?? tool}
        <span className="spacer" />
        <button
          className="btn btn-small"
          data-testid="tool-dock-fold"
          aria-expanded={!folded}
          onClick={() => setFolded(!folded)}
          title={folded ? 'Show the tool panel' : 'Fold the tool panel to this line'}
        >
          {folded ? 'Show' : 'Fold'}
        </button>
      </header>
      <div className="tool-dock-body" hidden={folded}>
        <Panel />
      </div>
    </section>
  );
}
