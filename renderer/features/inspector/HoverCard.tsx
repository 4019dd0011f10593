// The hovered node in one line under the mirror: class, id and its native selector as JSON.
import { useStore } from '../../app/store';

export function HoverCard() {
  const node = useStore((s) => (s.hovered >= 0 ? (s.observation?.nodes[s.hovered] ?? null) : null));
  if (!node) return <span className="hover-card dim">hover a node</span>;
  return (
    <span className="hover-card" data-testid="hover-card">
      <span className="cls">{node.class_name.split('.').pop()}</span>{' '}
      <span className="mono" data-testid="hover-selector">
        {node.native_selector ? JSON.stringify(node.native_selector) : 'no selector'}
      </span>
    </span>
  );
}
