// The console: one title bar (device identity, the device's keys and text, + Step, Record, the status of the
// last action, the grid and side-column toggles) over the workspace (Workspace.tsx), so the stage gets every
// other pixel of the window's height. Starts the feeds (devices, receipts, live observation, step
// revalidation, the document's autosave) and the keyboard shortcuts.
import { useEffect } from 'react';
import { startStepRevalidation } from '../document/revalidate';
import { startDocumentAutosave } from '../document/autosave';
import { useDocumentKeys } from '../document/use-document-keys';
import { startApprovalsFeed } from '../features/approvals/approvals-store';
import { useApprovalFlash } from '../features/approvals/use-approval-flash';
import { startDeviceFeed } from '../features/devices/device-actions';
import { ControlBar, useShortcuts } from '../features/manual-control/ControlBar';
import { setMirrorHidden } from '../features/mirror/mirror-picture';
import { startReceiptFeed } from '../features/receipts/receipt-feed';
import { useDebugger } from '../features/receipt-debugger/debugger-store';
import { ModeTabs } from '../features/receipt-debugger/ModeTabs';
import { ReceiptDebugger } from '../features/receipt-debugger/ReceiptDebugger';
import { startAutoObserve } from '../features/node-tree/observe';
import { useRecordKey } from '../features/recorder/RecordButton';
import { startReplayFeed } from '../features/replay/replay-actions';
import { CurrentToolKeys } from '../tools/Toolbar';
import { useStore } from './store';
import { useFullscreenStage } from './use-fullscreen';
import { useWorkspace, type SideToggles } from './Workspace';

function DeviceTitle() {
  const info = useStore((s) => s.deviceInfo);
  const serial = useStore((s) => s.selectedSerial);
  if (!serial) return <span className="device-title dim">no device</span>;
  const name = info
    ? info.model.startsWith(info.manufacturer)
      ? info.model
      : `${info.manufacturer} ${info.model}`.trim()
    : serial;
  const facts = info
    ? ` · Android ${info.release} (SDK ${info.sdk}) · ${info.screen.width}×${info.screen.height} · ${info.density} dpi · ${serial}`
    : '';
  return (
    <span className="device-title" data-testid="device-title" title={`${name}${facts}`}>
      <b>{name}</b>
      {info && <span className="dim mono">{facts}</span>}
    </span>
  );
}

function ViewToggles({ toggles }: { toggles: SideToggles }) {
  const grid = useStore((s) => s.gridView);
  const setGrid = useStore((s) => s.setGridView);
  const fullscreen = useStore((s) => s.fullscreen);
  const toggleFullscreen = useFullscreenStage();
  return (
    <span className="panel-toggles">
      <button
        className={`btn btn-icon${grid ? ' on' : ''}`}
        data-testid="view-grid"
        aria-pressed={grid}
        onClick={() => setGrid(!grid)}
        title={grid ? 'Back to the device in view' : 'Grid: every online device’s mirror, with the group selection'}
      >
        ▦
      </button>
      <button
        className={`btn btn-icon${fullscreen ? ' on' : ''}`}
        data-testid="view-fullscreen"
        aria-pressed={fullscreen}
        onClick={toggleFullscreen}
        title={
          fullscreen
            ? 'Leave fullscreen (Esc)'
            : 'Fullscreen stage: the device and every tool, without the side columns'
        }
      >
        ⤢
      </button>
      <button
        className={`btn btn-icon${toggles.left.collapsed ? '' : ' on'}`}
        data-testid="toggle-left-panel"
        aria-pressed={!toggles.left.collapsed}
        onClick={toggles.left.toggle}
        title={toggles.left.collapsed ? 'Show devices and document' : 'Hide devices and document'}
      >
        ◧
      </button>
      <button
        className={`btn btn-icon${toggles.right.collapsed ? '' : ' on'}`}
        data-testid="toggle-right-panel"
        aria-pressed={!toggles.right.collapsed}
        onClick={toggles.right.toggle}
        title={
          toggles.right.collapsed ? 'Show inspector, node tree and receipts' : 'Hide inspector, node tree and receipts'
        }
      >
        ◨
      </button>
    </span>
  );
}

export function App() {
  useShortcuts();
  useDocumentKeys();
  useRecordKey();
  const { workspace, toggles } = useWorkspace();
  const flash = useApprovalFlash();
  // The debugger replaces the workspace, which stays mounted (hidden) so the mirror and panels keep their state.
  const debugging = useDebugger((s) => s.open);
  const fullscreen = useStore((s) => s.fullscreen);
  useEffect(() => setMirrorHidden(debugging), [debugging]);
  useEffect(() => {
    const offs: Array<Promise<() => void>> = [
      startDeviceFeed(),
      startReceiptFeed(),
      startApprovalsFeed(),
      startDocumentAutosave(),
    ];
    const stopAuto = startAutoObserve();
    const stopRevalidation = startStepRevalidation();
    const stopReplayFeed = startReplayFeed();
    return () => {
      stopAuto();
      stopRevalidation();
      stopReplayFeed();
      offs.forEach((off) => void off.then((f) => f()));
    };
  }, []);
  return (
    <div className={`app${debugging ? ' debugging' : ''}${fullscreen ? ' fullscreen' : ''}`}>
      <header
        className={`titlebar${flash ? ' flash' : ''}`}
        data-testid="titlebar"
        data-flash={flash ? 'approval' : undefined}
      >
        <span className="brand">Tactile</span>
        <ModeTabs />
        <DeviceTitle />
        <ControlBar />
        <ViewToggles toggles={toggles} />
      </header>
      <CurrentToolKeys />
      {workspace}
      {debugging && <ReceiptDebugger />}
    </div>
  );
}
