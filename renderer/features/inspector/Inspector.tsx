// The inspector: every attribute of the selected node (or the hovered one when nothing is selected), its
// native_selector, normalized and pixel bounds, each with a copy button; for the selected node its XPath and
// UiSelector and the calls by its selector (NodeActions), and the checks to add (AddCheck).
import type { ObservedNode, ObservedWindow } from '../../../shared/observation';
import { useStore } from '../../app/store';
import { AddCheck } from '../recorder/AddCheck';
import { CopyButton } from './CopyButton';
import { NodeActions } from './NodeActions';

const FLAG_ORDER: Array<keyof ObservedNode['flags']> = [
  'clickable',
  'long_clickable',
  'focusable',
  'focused',
  'checkable',
  'checked',
  'enabled',
  'scrollable',
  'selected',
  'password',
];

function Attr({ name, value, copy }: { name: string; value: string; copy?: string }) {
  return (
    <>
      <dt>{name}</dt>
      <dd className="mono" data-testid={`attr-${name}`}>
        <span className="value">{value}</span>
        {copy !== undefined && <CopyButton text={copy} />}
      </dd>
    </>
  );
}

function windowText(window: number, windows: readonly ObservedWindow[] | undefined): string {
  const w = windows?.find((x) => x.window === window);
  return w ? `#${window} ${w.title || '(untitled)'} · ${w.type} · id ${w.id}` : `#${window}`;
}

export function Inspector() {
  const selected = useStore((s) => s.selected);
  const hovered = useStore((s) => s.hovered);
  const observation = useStore((s) => s.observation);
  const index = selected >= 0 ? selected : hovered;
  const node = index >= 0 ? (observation?.nodes[index] ?? null) : null;
  const select = useStore((s) => s.select);
  if (!node) {
    return (
      <section className="panel inspector" data-testid="inspector">
        <header className="panel-title">Inspector</header>
        <div className="empty">Hover or click a node on the device.</div>
      </section>
    );
  }
  const selector = node.native_selector ? JSON.stringify(node.native_selector, null, 1).replace(/\n\s*/g, ' ') : null;
  return (
    <section className="panel inspector" data-testid="inspector">
      <header className="panel-title">
        Inspector <span className="dim">{selected >= 0 ? `node ${node.index}` : `hover · node ${node.index}`}</span>
        {selected >= 0 && (
          <button className="btn btn-small" onClick={() => select(-1)}>
            Clear
          </button>
        )}
      </header>
      <div className="selector-box">
        <div className="label">native_selector</div>
        <pre className="mono" data-testid="inspector-selector">
          {selector ?? 'none (no id and no class)'}
        </pre>
        {selector && (
          <CopyButton text={JSON.stringify(node.native_selector)} label="Copy selector" testId="copy-selector" />
        )}
      </div>
      {selected >= 0 && <NodeActions node={node} />}
      {selected >= 0 && <AddCheck node={node} />}
      <dl className="attrs">
        <Attr name="class_name" value={node.class_name} copy={node.class_name} />
        <Attr name="resource_id" value={node.resource_id ?? 'null'} copy={node.resource_id ?? undefined} />
        <Attr name="text" value={JSON.stringify(node.text)} copy={node.text} />
        <Attr name="content_desc" value={node.content_desc ?? 'null'} copy={node.content_desc ?? undefined} />
        <Attr name="package_name" value={node.package_name} />
        <Attr name="bounds_px" value={`[${node.bounds_px.join(', ')}]`} copy={JSON.stringify(node.bounds_px)} />
        <Attr name="bounds" value={`[${node.bounds.join(', ')}]`} copy={JSON.stringify(node.bounds)} />
        <Attr
          name="size_px"
          value={`${node.bounds_px[2] - node.bounds_px[0]} × ${node.bounds_px[3] - node.bounds_px[1]}`}
        />
        <Attr name="window" value={windowText(node.window, observation?.windows)} />
        <Attr name="index" value={`${node.index} (parent ${node.parent ?? '—'}, depth ${node.depth})`} />
      </dl>
      <div className="flags">
        {FLAG_ORDER.map((f) => (
          <span key={f} className={`flag${node.flags[f] ? ' on' : ''}`}>
            {f}
          </span>
        ))}
      </div>
    </section>
  );
}
