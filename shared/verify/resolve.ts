// find_element / wait_for_ui / expect_*: a semantic query against one snapshot → the best visible match with
// a confidence, the reason it was chosen, and the alternates. Confidence per field: exact 1, case-insensitive
// equal 0.9, bare resource-id name (`seekbar` for `pkg:id/seekbar`) or simple class name 0.9, substring of
// text or content-desc 0.6; a candidate's confidence is its weakest field. Ties: the app window first, then
// enabled, clickable, larger on screen.
import type { ElementSelector } from '../actions';
import { decodeUtf8, encodeUtf8, type HelperNode } from '../helper-protocol';
import { appWindowId, type UiSnapshot } from './snapshot';

export interface ResolvedElement {
  /** Opaque handle for tap_element / expect_* / wait_for_ui_change (see encodeHandle). */
  element_id: string;
  node_index: number;
  class_name: string | null;
  resource_id: string | null;
  text: string | null;
  content_desc: string | null;
  package_name: string | null;
  bounds: [number, number, number, number];
  clickable: boolean;
  enabled: boolean;
  confidence: number;
  reason: string;
}

export interface Resolution {
  best: ResolvedElement | null;
  alternates: ResolvedElement[];
  /** How many visible nodes matched. */
  matches: number;
}

type FieldMatch = { confidence: number; how: string } | null;

function matchText(want: string, have: string | null, field: string): FieldMatch {
  if (have === null || have === '') return null;
  if (have === want) return { confidence: 1, how: `exact ${field}` };
  const w = want.toLocaleLowerCase();
  const h = have.toLocaleLowerCase();
  if (w === h) return { confidence: 0.9, how: `${field} equal ignoring case` };
  if (h.includes(w)) return { confidence: 0.6, how: `${field} contains "${want}"` };
  return null;
}

function matchId(want: string, have: string | null): FieldMatch {
  if (have === null) return null;
  if (have === want) return { confidence: 1, how: 'exact resource-id' };
  if (!want.includes(':id/') && have.endsWith(`:id/${want}`)) return { confidence: 0.9, how: 'resource-id name' };
  return null;
}

function matchClass(want: string, have: string | null): FieldMatch {
  if (have === null) return null;
  if (have === want) return { confidence: 1, how: 'exact class' };
  if (!want.includes('.') && have.endsWith(`.${want}`)) return { confidence: 0.9, how: 'simple class name' };
  return null;
}

function match(sel: ElementSelector, n: HelperNode): FieldMatch {
  const parts: FieldMatch[] = [];
  if (sel.resource_id !== undefined) parts.push(matchId(sel.resource_id, n.resource_id));
  if (sel.class_name !== undefined) parts.push(matchClass(sel.class_name, n.class_name));
  if (sel.text !== undefined) parts.push(matchText(sel.text, n.text, 'text'));
  if (sel.content_desc !== undefined) parts.push(matchText(sel.content_desc, n.content_desc, 'content-desc'));
  if (parts.some((p) => p === null)) return null;
  const ok = parts as Array<{ confidence: number; how: string }>;
  return { confidence: Math.min(...ok.map((p) => p.confidence)), how: ok.map((p) => p.how).join(' and ') };
}

const area = (b: readonly number[]) => Math.max(0, b[2]! - b[0]!) * Math.max(0, b[3]! - b[1]!);

/** The node's identity a handle keeps: enough to find it again, and to tell that it moved or changed. */
export interface HandleIdentity {
  r: string | null;
  c: string | null;
  t: string | null;
  d: string | null;
  p: string | null;
  b: [number, number, number, number];
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

function base64url(text: string): string {
  const bytes = encodeUtf8(text);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    out +=
      B64[(n >> 18) & 63]! +
      B64[(n >> 12) & 63]! +
      (i + 1 < bytes.length ? B64[(n >> 6) & 63]! : '') +
      (i + 2 < bytes.length ? B64[n & 63]! : '');
  }
  return out;
}

/** null for a character outside the alphabet; throws (TypeError) on bytes that are not UTF-8. */
function unbase64url(s: string): string | null {
  const bytes: number[] = [];
  let acc = 0;
  let bits = 0;
  for (const ch of s) {
    const v = B64.indexOf(ch);
    if (v < 0) return null;
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((acc >> bits) & 255);
    }
  }
  return decodeUtf8(new Uint8Array(bytes));
}

/**
 * Handles are self-contained (`el1.<base64url JSON of the identity>`), so one resolved in one process (a
 * `tactile run`) can be tapped from another; nothing is kept on the host.
 */
export function encodeHandle(n: HelperNode): string {
  const id: HandleIdentity = {
    r: n.resource_id,
    c: n.class_name,
    t: n.text,
    d: n.content_desc,
    p: n.package_name,
    b: [...n.bounds_px] as HandleIdentity['b'],
  };
  return `el1.${base64url(JSON.stringify(id))}`;
}

export function decodeHandle(handle: string): HandleIdentity | null {
  if (!handle.startsWith('el1.')) return null;
  try {
    const json = unbase64url(handle.slice(4));
    if (json === null) return null;
    const v = JSON.parse(json) as HandleIdentity;
    return Array.isArray(v.b) && v.b.length === 4 && v.b.every(Number.isInteger) ? v : null;
  } catch {
    return null;
  }
}

/** Whether a node is the element a handle names: same id/class/package, and the same text when it has no id. */
export function sameIdentity(h: HandleIdentity, n: HelperNode): boolean {
  if (h.r !== n.resource_id || h.c !== n.class_name || h.p !== n.package_name) return false;
  return h.r !== null || (h.t === n.text && h.d === n.content_desc);
}

export function describe(n: HelperNode, index: number, confidence: number, reason: string): ResolvedElement {
  return {
    element_id: encodeHandle(n),
    node_index: index,
    class_name: n.class_name,
    resource_id: n.resource_id,
    text: n.text,
    content_desc: n.content_desc,
    package_name: n.package_name,
    bounds: [...n.bounds_px] as ResolvedElement['bounds'],
    clickable: n.flags.clickable,
    enabled: n.flags.enabled,
    confidence,
    reason,
  };
}

export function resolveElement(s: UiSnapshot, sel: ElementSelector): Resolution {
  const app = appWindowId(s);
  const found: Array<{ n: HelperNode; i: number; m: { confidence: number; how: string } }> = [];
  s.nodes.forEach((n, i) => {
    if (!n.flags.visible || area(n.bounds_px) === 0) return;
    const m = match(sel, n);
    if (m) found.push({ n, i, m });
  });
  const rank = (x: (typeof found)[number]) => [
    x.m.confidence,
    x.n.window_id === app ? 1 : 0,
    x.n.flags.enabled ? 1 : 0,
    x.n.flags.clickable ? 1 : 0,
    area(x.n.bounds_px),
  ];
  found.sort((x, y) => {
    const a = rank(x);
    const b = rank(y);
    for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return b[k]! - a[k]!;
    return x.i - y.i;
  });
  const all = found.map((f, k) =>
    describe(
      f.n,
      f.i,
      f.m.confidence,
      k === 0 ? `${f.m.how}${found.length > 1 ? `; best of ${found.length}` : ''}` : f.m.how,
    ),
  );
  return { best: all[0] ?? null, alternates: all.slice(1, 6), matches: found.length };
}
