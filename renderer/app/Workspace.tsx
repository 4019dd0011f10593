// The workspace: three resizable columns — devices and the document on the left, the device view in the
// middle, approvals, inspector, node tree and receipts on the right — so a portrait device gets the full height. Each
// side column collapses (toolbar buttons, or dragging its edge past its minimum), and every split is
// resizable; sizes are remembered between sessions. Panel ids (also their data-testid) are `pane-<name>`. The device view is one slot the stage fills.
import { useState, type ReactNode } from 'react';
import { Group, Panel, Separator, useDefaultLayout, usePanelRef, type PanelImperativeHandle } from 'react-resizable-panels';
import { ApprovalsPanel } from '../features/approvals/ApprovalsPanel';
import { DeviceList } from '../features/devices/DeviceList';
import { DeviceView } from '../features/device-view/DeviceView';
import { FlowTabs } from '../features/flows/FlowTabs';
import { Inspector } from '../features/inspector/Inspector';
import { OperatorPanel } from '../features/operator/OperatorPanel';
import { NodeTree } from '../features/inspector/NodeTree';
import { LogcatPanel } from '../features/logcat/LogcatPanel';
import { ReceiptsPanel } from '../features/receipts/ReceiptsPanel';

function Split({ vertical = false }: { vertical?: boolean }) {
  return <Separator className={`split ${vertical ? 'split-rows' : 'split-cols'}`} />;
}

function Column({ id, children }: { id: string; children: ReactNode }) {
  const layout = useDefaultLayout({ id, onlySaveAfterUserInteractions: true, storage: localStorage });
  return (
    <Group orientation="vertical" className="column" id={id} defaultLayout={layout.defaultLayout} onLayoutChanged={layout.onLayoutChanged}>
      {children}
    </Group>
  );
}

export interface SideToggles {
  left: { collapsed: boolean; toggle(): void };
  right: { collapsed: boolean; toggle(): void };
}

function toggleOf(ref: React.RefObject<PanelImperativeHandle | null>, collapsed: boolean) {
  return { collapsed, toggle: () => (collapsed ? ref.current?.expand() : ref.current?.collapse()) };
}

export function useWorkspace() {
  const left = usePanelRef();
  const right = usePanelRef();
  const [leftCollapsed, setLeftCollapsed] = useState(false);
  const [rightCollapsed, setRightCollapsed] = useState(false);
  const toggles: SideToggles = { left: toggleOf(left, leftCollapsed), right: toggleOf(right, rightCollapsed) };
  const layout = useDefaultLayout({ id: 'workspace', onlySaveAfterUserInteractions: true, storage: localStorage });
  const workspace = (
    <Group orientation="horizontal" className="workspace" id="workspace" defaultLayout={layout.defaultLayout} onLayoutChanged={layout.onLayoutChanged}>
      <Panel id="pane-left" panelRef={left} collapsible minSize={190} defaultSize={230} maxSize="35%" groupResizeBehavior="preserve-pixel-size"
        onResize={(size) => setLeftCollapsed(size.inPixels < 1)} className="pane">
        <Column id="left-column">
          <Panel id="pane-devices" minSize={90} defaultSize="28%" className="pane"><DeviceList /></Panel>
          <Split vertical />
          <Panel id="pane-document" minSize={90} defaultSize="38%" className="pane"><FlowTabs /></Panel>
          <Split vertical />
          <Panel id="pane-operator" minSize={120} defaultSize="34%" collapsible className="pane"><OperatorPanel /></Panel>
        </Column>
      </Panel>
      <Split />
      <Panel id="pane-center" minSize={300} className="pane">
        <DeviceView />
      </Panel>
      <Split />
      <Panel id="pane-right" panelRef={right} collapsible minSize={250} defaultSize={360} maxSize="45%" groupResizeBehavior="preserve-pixel-size"
        onResize={(size) => setRightCollapsed(size.inPixels < 1)} className="pane">
        <Column id="right-column">
          <Panel id="pane-approvals" minSize={60} defaultSize="18%" collapsible className="pane"><ApprovalsPanel /></Panel>
          <Split vertical />
          <Panel id="pane-inspector" minSize={60} defaultSize="22%" className="pane"><Inspector /></Panel>
          <Split vertical />
          <Panel id="pane-tree" minSize={80} defaultSize="24%" className="pane"><NodeTree /></Panel>
          <Split vertical />
          <Panel id="pane-receipts" minSize={60} defaultSize="18%" collapsible className="pane"><ReceiptsPanel /></Panel>
          <Split vertical />
          <Panel id="pane-logcat" minSize={60} defaultSize="18%" collapsible className="pane"><LogcatPanel /></Panel>
        </Column>
      </Panel>
    </Group>
  );
  return { workspace, toggles };
}
