// The workspace: three resizable columns — devices and the document on the left, the device view in the
// middle, approvals, inspector, node tree, receipts and logcat on the right — so a portrait device gets the full
// height. Each side column collapses (title-bar buttons, or dragging its edge past its minimum), and every split
// is resizable; sizes are remembered between sessions. Each column's minimum fits its widest row of controls.
// The right column's approvals take only the room their content needs (one line when nothing waits); below
// them the tool dock floats over the inspector and the rest while a tool with a panel is current, so a tool
// never takes the stage's room. Panel ids (also their data-testid) are `pane-<name>`. The device view is one
// slot the stage fills; the grid of every device's mirror takes that slot while it is shown.
import type { ReactNode } from 'react';
import {
  Group,
  Panel,
  Separator,
  useDefaultLayout,
  usePanelRef,
  type PanelImperativeHandle,
} from 'react-resizable-panels';
import { ApprovalsPanel } from '../features/approvals/ApprovalsPanel';
import { DeviceList } from '../features/devices/DeviceList';
import { DeviceView } from '../features/device-view/DeviceView';
import { FlowTabs } from '../features/flows/FlowTabs';
import { MirrorGrid } from '../features/grid/MirrorGrid';
import { Inspector } from '../features/inspector/Inspector';
import { OperatorPanel } from '../features/operator/OperatorPanel';
import { NodeTree } from '../features/inspector/NodeTree';
import { LogcatPanel } from '../features/logcat/LogcatPanel';
import { ReceiptsPanel } from '../features/receipts/ReceiptsPanel';
import { ToolDock } from '../tools/ToolDock';
import { useStore } from './store';

/** Column minimums (CSS px): the widest row of controls in each (the document's header and the operator's tabs; the approvals' agent row, Logcat's filters and buttons). */
export const LEFT_MIN_PX = 230;
export const RIGHT_MIN_PX = 300;

function Split({ vertical = false }: { vertical?: boolean }) {
  return <Separator className={`split ${vertical ? 'split-rows' : 'split-cols'}`} />;
}

function Column({ id, children }: { id: string; children: ReactNode }) {
  const layout = useDefaultLayout({ id, onlySaveAfterUserInteractions: true, storage: localStorage });
  return (
    <Group
      orientation="vertical"
      className="column"
      id={id}
      defaultLayout={layout.defaultLayout}
      onLayoutChanged={layout.onLayoutChanged}
    >
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
  const leftCollapsed = useStore((s) => s.leftCollapsed);
  const rightCollapsed = useStore((s) => s.rightCollapsed);
  const fullscreen = useStore((s) => s.fullscreen);
  const grid = useStore((s) => s.gridView);
  const toggles: SideToggles = { left: toggleOf(left, leftCollapsed), right: toggleOf(right, rightCollapsed) };
  const layout = useDefaultLayout({ id: 'workspace', onlySaveAfterUserInteractions: true, storage: localStorage });
  const report = (side: 'left' | 'right', collapsed: boolean) =>
    useStore.getState().setColumnCollapsed(side, collapsed);
  const workspace = (
    <Group
      orientation="horizontal"
      className={`workspace${fullscreen ? ' stage-only' : ''}`}
      id="workspace"
      defaultLayout={layout.defaultLayout}
      onLayoutChanged={layout.onLayoutChanged}
    >
      <Panel
        id="pane-left"
        panelRef={left}
        collapsible
        minSize={LEFT_MIN_PX}
        defaultSize={LEFT_MIN_PX}
        maxSize="35%"
        groupResizeBehavior="preserve-pixel-size"
        onResize={(size) => report('left', size.inPixels < 1)}
        className="pane side-pane"
      >
        <Column id="left-column">
          <Panel id="pane-devices" minSize={90} defaultSize="34%" className="pane">
            <DeviceList />
          </Panel>
          <Split vertical />
          <Panel id="pane-document" minSize={90} defaultSize="36%" className="pane">
            <FlowTabs />
          </Panel>
          <Split vertical />
          <Panel id="pane-operator" minSize={120} defaultSize="30%" collapsible className="pane">
            <OperatorPanel />
          </Panel>
        </Column>
      </Panel>
      <Split />
      <Panel id="pane-center" minSize={300} className="pane">
        {/* The grid's tiles open their own mirror sessions (one per device): the stage, and its session, step aside meanwhile. */}
        {grid ? <MirrorGrid /> : <DeviceView />}
      </Panel>
      <Split />
      <Panel
        id="pane-right"
        panelRef={right}
        collapsible
        minSize={RIGHT_MIN_PX}
        defaultSize={RIGHT_MIN_PX}
        maxSize="45%"
        groupResizeBehavior="preserve-pixel-size"
        onResize={(size) => report('right', size.inPixels < 1)}
        className="pane side-pane"
      >
        <div className="right-column">
          <div id="pane-approvals" className="approvals-slot">
            <ApprovalsPanel />
          </div>
          <div className="right-stack">
            <Column id="right-column">
              <Panel id="pane-inspector" minSize={60} defaultSize="36%" className="pane">
                <Inspector />
              </Panel>
              <Split vertical />
              <Panel id="pane-tree" minSize={80} defaultSize="28%" className="pane">
                <NodeTree />
              </Panel>
              <Split vertical />
              <Panel id="pane-receipts" minSize={60} defaultSize="18%" collapsible className="pane">
                <ReceiptsPanel />
              </Panel>
              <Split vertical />
              <Panel id="pane-logcat" minSize={60} defaultSize="18%" collapsible className="pane">
                <LogcatPanel />
              </Panel>
            </Column>
            {!rightCollapsed && !fullscreen && !grid && <ToolDock floating={false} />}
          </div>
        </div>
      </Panel>
    </Group>
  );
  return { workspace, toggles };
}
