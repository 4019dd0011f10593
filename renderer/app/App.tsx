// The console: a title bar (device identity, side-panel toggles, coordinates), the control bar, and the
// workspace (Workspace.tsx). Starts the feeds (devices, receipts, live observation, step revalidation) and
// the keyboard shortcuts.
import { useEffect } from 'react';
import { startStepRevalidation } from '../document/revalidate';
import { useDocumentKeys } from '../document/use-document-keys';
import { startApprovalsFeed } from '../features/approvals/approvals-store';
import { startDeviceFeed } from '../features/devices/device-actions';
import { CoordinateReadout } from '../features/device-view/CoordinateReadout';
import { ControlBar, useShortcuts } from '../features/manual-control/ControlBar';
import { setMirrorHidden } from '../features/mirror/mirror-picture';
import { startReceiptFeed } from '../features/receipts/receipt-feed';
import { useDebugger } from '../features/receipt-debugger/debugger-store';
import { ModeTabs } from '../features/receipt-debugger/ModeTabs';
import { ReceiptDebugger } from '../features/receipt-debugger/ReceiptDebugger';
import { startAutoObserve } from '../features/node-tree/observe';
import { useRecordKey } from '../features/recorder/RecordButton';
import { startReplayFeed } from '../features/replay/replay-actions';
import { useStore } from './store';
import { useWorkspace, type SideToggles } from './Workspace';

function DeviceTitle() {
  const info = useStore((s) => s.deviceInfo);
  const serial = useStore((s) => s.selectedSerial);
  if (!serial) return <span className="dim">no device</span>;
  const name = info ? (info.model.startsWith(info.manufacturer) ? info.model : `${info.manufacturer} ${info.model}`.trim()) : serial;
  const facts = info ? ` · Android ${info.release} (SDK ${info.sdk}) · ${info.screen.width}×${info.screen.height} · ${info.density} dpi · ${serial}` : '';
  return (
    <span className="device-title" data-testid="device-title" title={`${name}${facts}`}>
      <b>{name}</b>
      {info && <span className="dim mono">{facts}</span>}
    </span>
  );
}

function PanelToggles({ toggles }: { toggles: SideToggles }) {
  return (
    <span className="panel-toggles">
      <button className={`btn btn-icon${toggles.left.collapsed ? '' : ' on'}`} data-testid="toggle-left-panel" aria-pressed={!toggles.left.collapsed}
        onClick={toggles.left.toggle} title={toggles.left.collapsed ? 'Show devices and document' : 'Hide devices and document'}>◧</button>
      <button className={`btn btn-icon${toggles.right.collapsed ? '' : ' on'}`} data-testid="toggle-right-panel" aria-pressed={!toggles.right.collapsed}
        onClick={toggles.right.toggle} title={toggles.right.collapsed ? 'Show inspector, node tree and receipts' : 'Hide inspector, node tree and receipts'}>◨</button>
    </span>
  );
}

export function App() {
  useShortcuts();
  useDocumentKeys();
  useRecordKey();
  const { workspace, toggles } = useWorkspace();
  // The debugger replaces the workspace, which stays mounted (hidden) so the mirror and panels keep their state.
  const debugging = useDebugger((s) => s.open);
  useEffect(() => setMirrorHidden(debugging), [debugging]);
  useEffect(() => {
    const offs: Array<Promise<() => void>> = [startDeviceFeed(), startReceiptFeed(), startApprovalsFeed()];
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
    <div className={`app${debugging ? ' debugging' : ''}`}>
      <header className="titlebar">
        <span className="brand">Tactile</span>
        <ModeTabs />
        <DeviceTitle />
        <span className="spacer" />
        <CoordinateReadout />
        <PanelToggles toggles={toggles} />
      </header>
      <ControlBar />
      {workspace}
      {debugging && <ReceiptDebugger />}
    </div>
  );
}
