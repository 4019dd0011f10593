// The console layout: title bar with the device's identity, mode, keys and coordinates; devices on the left,
// the device view in the middle, inspector and node tree on the right, receipts along the bottom.
import { useEffect } from 'react';
import { DeviceList } from '../features/devices/DeviceList';
import { startDeviceFeed } from '../features/devices/device-actions';
import { CoordinateReadout } from '../features/device-view/CoordinateReadout';
import { DeviceView } from '../features/device-view/DeviceView';
import { Inspector } from '../features/inspector/Inspector';
import { NodeTree } from '../features/inspector/NodeTree';
import { ControlBar, useShortcuts } from '../features/manual-control/ControlBar';
import { ReceiptsPanel } from '../features/receipts/ReceiptsPanel';
import { startReceiptFeed } from '../features/receipts/receipt-feed';
import { startAutoObserve } from '../features/node-tree/observe';
import { useStore } from './store';

function DeviceTitle() {
  const info = useStore((s) => s.deviceInfo);
  const serial = useStore((s) => s.selectedSerial);
  if (!serial) return <span className="dim">no device</span>;
  return (
    <span className="device-title" data-testid="device-title">
      <b>{info ? (info.model.startsWith(info.manufacturer) ? info.model : `${info.manufacturer} ${info.model}`.trim()) : serial}</b>
      {info && <span className="dim mono"> · Android {info.release} (SDK {info.sdk}) · {info.screen.width}×{info.screen.height} · {info.density} dpi · {serial}</span>}
    </span>
  );
}

export function App() {
  useShortcuts();
  useEffect(() => {
    const offs: Array<Promise<() => void>> = [startDeviceFeed(), startReceiptFeed()];
    const stopAuto = startAutoObserve();
    return () => {
      stopAuto();
      offs.forEach((off) => void off.then((f) => f()));
    };
  }, []);
  return (
    <div className="app">
      <header className="titlebar">
        <span className="brand">Tactile</span>
        <DeviceTitle />
        <span className="spacer" />
        <CoordinateReadout />
      </header>
      <ControlBar />
      <main className="workspace">
        <DeviceList />
        <DeviceView />
        <aside className="side">
          <Inspector />
          <NodeTree />
        </aside>
      </main>
      <ReceiptsPanel />
    </div>
  );
}
