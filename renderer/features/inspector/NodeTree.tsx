// The searchable node tree, kept in sync with the overlay: hovering a row highlights its box, clicking selects
// it, and a node selected on the mirror scrolls into view. With several windows (status bar, overlays, the
// app) each window's nodes follow a header row naming it, top window first. Virtualized so 2,000 rows cost a
// screenful of DOM.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef } from 'react';
import type { ObservedNode, ObservedWindow } from '../../../shared/observation';
import { useStore } from '../../app/store';

const ROW_HEIGHT = 20;

export function matches(node: ObservedNode, query: string): boolean {
  const q = query.toLowerCase();
  return [node.class_name, node.resource_id ?? '', node.text, node.content_desc ?? ''].some((v) =>
    v.toLowerCase().includes(q),
  );
}

const Row = memo(function Row({ node, top }: { node: ObservedNode; top: number }) {
  const hovered = useStore((s) => s.hovered === node.index);
  const selected = useStore((s) => s.selected === node.index);
  const id = node.resource_id?.split('/').pop();
  const label = node.content_desc ?? (node.text || null);
  return (
    <div
      className={`tree-row${hovered ? ' hovered' : ''}${selected ? ' selected' : ''}`}
      style={{ transform: `translateY(${top}px)`, paddingLeft: 6 + node.depth * 12 }}
      data-testid="tree-row"
      data-index={node.index}
      onMouseEnter={() => useStore.getState().hover(node.index)}
      onMouseLeave={() => useStore.getState().hover(-1)}
      onClick={() => useStore.getState().select(node.index)}
    >
      <span className="cls">{node.class_name.split('.').pop()}</span>
      {id && <span className="rid">#{id}</span>}
      {label && <span className="txt">“{label}”</span>}
      {node.flags.clickable && (
        <span className="clk" title="clickable">
          ●
        </span>
      )}
    </div>
  );
});

type TreeItem = { kind: 'window'; window: ObservedWindow; count: number } | { kind: 'node'; node: ObservedNode };

/** Nodes grouped under their window's header, top window first (single-window dumps get no header). */
export function treeItems(nodes: readonly ObservedNode[], windows: readonly ObservedWindow[] | undefined): TreeItem[] {
  if (!windows || windows.length < 2) return nodes.map((node) => ({ kind: 'node', node }));
  const items: TreeItem[] = [];
  for (const window of windows) {
    const inside = nodes.filter((n) => n.window === window.window);
    if (inside.length === 0) continue;
    items.push({ kind: 'window', window, count: inside.length });
    for (const node of inside) items.push({ kind: 'node', node });
  }
  return items;
}

function WindowHeader({ window, count, top }: { window: ObservedWindow; count: number; top: number }) {
  return (
    <div
      className="tree-window"
      style={{ transform: `translateY(${top}px)` }}
      data-testid="tree-window"
      data-window={window.window}
      title={`window id ${window.id} · layer ${window.layer} · ${window.type} · [${window.bounds_px.join(', ')}]`}
    >
      <span className="mono">#{window.window}</span> <b>{window.title || '(untitled)'}</b>{' '}
      <span className="dim">
        {window.package_name ?? 'no nodes'} · {window.type.replace(/^TYPE_/, '').toLowerCase()}
        {window.focused ? ' · focused' : ''} · {count}
      </span>
    </div>
  );
}

export function NodeTree() {
  const observation = useStore((s) => s.observation);
  const query = useStore((s) => s.query);
  const setQuery = useStore((s) => s.setQuery);
  const selected = useStore((s) => s.selected);
  const rows = useMemo(
    () => (observation ? observation.nodes.filter((n) => query === '' || matches(n, query)) : []),
    [observation, query],
  );
  const items = useMemo(() => treeItems(rows, observation?.windows), [rows, observation]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  useEffect(() => {
    if (selected < 0) return;
    const at = items.findIndex((item) => item.kind === 'node' && item.node.index === selected);
    if (at >= 0) virtualizer.scrollToIndex(at, { align: 'auto' });
  }, [selected, items, virtualizer]);

  return (
    <section className="panel tree-panel">
      <header className="panel-title">
        Node tree{' '}
        <span className="count">
          {rows.length}
          {observation && rows.length !== observation.nodes.length ? ` / ${observation.nodes.length}` : ''}
        </span>
      </header>
      <input
        className="input search"
        placeholder="Search class, id, text, description"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        aria-label="Search nodes"
      />
      <div className="tree-scroll" ref={scrollRef}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((v) => {
            const item = items[v.index]!;
            return item.kind === 'node' ? (
              <Row key={item.node.index} node={item.node} top={v.start} />
            ) : (
              <WindowHeader key={`w${item.window.window}`} window={item.window} count={item.count} top={v.start} />
            );
          })}
        </div>
      </div>
    </section>
  );
}
