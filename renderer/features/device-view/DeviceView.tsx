// The device view: the stage (mirror, node-tree overlay, the current tool's layer, camera) filling the centre
// column, with its rails floating along its sides (stage-frame.ts): on the left the view rail — tools, overlay
// filters, windows, and at its foot the mirror's source, fps, the pointer readout, the selected node's
// occlusion and the hovered node's selector; on the right the zoom HUD (Stage.tsx). Without the right column
// the tool dock floats here too. Nothing on a rail changes where the fitted picture is.
import { useState } from 'react';
import { useStore } from '../../app/store';
import { Stage } from '../../stage/Stage';
import { VIEW_RAIL_PX } from '../../stage/stage-frame';
import { TOOL_SURFACES } from '../../tools/surfaces';
import { ToolDock } from '../../tools/ToolDock';
import type { MirrorStatus } from './slice';
import { CoordinateReadout } from './CoordinateReadout';
import { OverlayToolbar } from '../node-tree/OverlayToolbar';
import { HoverCard } from '../inspector/HoverCard';
import { OcclusionBadge } from '../occlusion/OcclusionBadge';
import { StreamSettingsPanel } from '../mirror/StreamSettingsPanel';

function mirrorText(m: MirrorStatus): string {
  if (m.source === 'none') return 'mirror: connecting…';
  const latency = m.latencyP50 !== null ? ` · ${m.latencyP50.toFixed(1)} ms` : '';
  const size = m.width > 0 ? ` ${m.width}×${m.height}` : '';
  return `mirror: ${m.source}${size} · ${m.fps.toFixed(1)} fps${latency}`;
}

function StageStatus({ streamOpen, onStream }: { streamOpen: boolean; onStream: (() => void) | null }) {
  const mirror = useStore((s) => s.mirror);
  const screen = useStore((s) => s.observation?.screen ?? s.deviceInfo?.screen ?? null);
  return (
    <footer className="status-line stage-status mono">
      <span data-testid="mirror-status" title={mirror.reason}>
        {mirrorText(mirror)}
      </span>
      {onStream && (
        <button
          className={`btn link${streamOpen ? ' on' : ''}`}
          data-testid="stream-settings-toggle"
          onClick={onStream}
          title="Stream settings: size, bit rate, max fps, screen off"
        >
          Stream…
        </button>
      )}
      {screen && (
        <span title="device screen">
          screen {screen.width}×{screen.height}
        </span>
      )}
      <CoordinateReadout />
      <OcclusionBadge />
      <HoverCard />
    </footer>
  );
}

export function DeviceView() {
  const serial = useStore((s) => s.selectedSerial);
  const screen = useStore((s) => s.observation?.screen ?? s.deviceInfo?.screen ?? null);
  const cursor = TOOL_SURFACES[useStore((s) => s.toolId)].cursor;
  const dockHere = useStore((s) => s.rightCollapsed || s.fullscreen);
  const [streamOpen, setStreamOpen] = useState(false);
  return (
    <section className="panel device-view">
      <div className={`stage cursor-${cursor}`} data-testid="stage">
        {!serial && <div className="empty">Select a device.</div>}
        {serial && !screen && <div className="empty">Reading the device…</div>}
        {serial && screen && <Stage key={serial} serial={serial} screen={screen} />}
        <aside className="view-rail" style={{ width: VIEW_RAIL_PX }} aria-label="View">
          <OverlayToolbar />
          <StageStatus streamOpen={streamOpen} onStream={serial ? () => setStreamOpen(!streamOpen) : null} />
        </aside>
        {serial && streamOpen && (
          <StreamSettingsPanel serial={serial} left={VIEW_RAIL_PX + 8} onClose={() => setStreamOpen(false)} />
        )}
        {dockHere && <ToolDock floating />}
      </div>
    </section>
  );
}
