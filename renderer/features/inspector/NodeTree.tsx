// The searchable node tree, kept in sync with the overlay: hovering a row highlights its box, clicking selects
// it, and a node selected on the mirror scrolls into view. Virtualized so 2,000 rows cost a screenful of DOM.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef } from 'react';
import type { ObservedNode } from '../../../shared/observation';
import { useStore } from '../../app/store';

const ROW_HEIGHT = 20;

export function matches(node: ObservedNode, query: string): boolean {
  const q = query.toLowerCase();
  return [node.class_name, node.resource_id ?? '', node.text, node.content_desc ?? ''].some((v) => v.toLowerCase().includes(q));
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
      {node.flags.clickable && <span className="clk" title="clickable">●</span>}
    </div>
  );
});

export function NodeTree() {
  const observation = useStore((s) => s.observation);
  const query = useStore((s) => s.query);
  const setQuery = useStore((s) => s.setQuery);
  const selected = useStore((s) => s.selected);
  const rows = useMemo(() => (observation ? observation.nodes.filter((n) => query === '' || matches(n, query)) : []), [observation, query]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => scrollRef.current, estimateSize: () => ROW_HEIGHT, overscan: 12 });

  useEffect(() => {
    if (selected < 0) return;
    const at = rows.findIndex((n) => n.index === selected);
    if (at >= 0) virtualizer.scrollToIndex(at, { align: 'auto' });
  }, [selected, rows, virtualizer]);

  return (
    <section className="panel tree-panel">
      <header className="panel-title">
        Node tree <span className="count">{rows.length}{observation && rows.length !== observation.nodes.length ? ` / ${observation.nodes.length}` : ''}</span>
      </header>
      <input className="input search" placeholder="Search class, id, text, description" value={query} onChange={(e) => setQuery(e.target.value)} aria-label="Search nodes" />
      <div className="tree-scroll" ref={scrollRef}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => <Row key={rows[item.index]!.index} node={rows[item.index]!} top={item.start} />)}
        </div>
      </div>
    </section>
  );
}
