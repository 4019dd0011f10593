// Identity token and content signature: SHA-256 over a canonical JSON array, so the Java helper and the
// TypeScript host compute byte-identical input. Canonical JSON here means: arrays only (no objects, so no key
// order question), elements are null, true/false, safe integers in plain decimal, or strings escaped exactly
// as ECMAScript JSON.stringify does (", \ and U+0000–U+001F escaped, \b \f \n \r \t short forms, others
// \u00xx lowercase; everything else raw), no whitespace, encoded as UTF-8. See PROTOCOL.md.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import type { DeviceState, HelperNode } from './device-state';
import { encodeUtf8 } from './utf8';

type Canonical = null | boolean | number | string | Canonical[];

export function canonicalJson(value: Canonical): string {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) {
    throw new RangeError(`canonical JSON holds only safe integers, got ${value}`);
  }
  if (Array.isArray(value)) return '[' + value.map(canonicalJson).join(',') + ']';
  return JSON.stringify(value);
}

export function sha256Hex(text: string): string {
  return bytesToHex(sha256(encodeUtf8(text)));
}

/** Text as the helper reports it: password fields never reveal theirs. */
export function reportedText(node: HelperNode): string | null {
  return node.flags.password ? null : node.text;
}

/**
 * What makes a reading stale: identity (window, package, class, resource id), text and position.
 * content_desc is a reading (e.g. Play/Pause), not identity, so it is left out.
 */
export function identityToken(node: HelperNode): string {
  const [l, t, r, b] = node.bounds_px;
  return sha256Hex(
    canonicalJson([
      'tactile/3/token',
      node.window_id,
      node.package_name,
      node.class_name,
      node.resource_id,
      reportedText(node),
      l,
      t,
      r,
      b,
    ]),
  );
}

/** Range values enter the signature as round-half-up(current × 1000), IEEE double arithmetic (Java Math.round). */
export function milli(value: number): number {
  return Math.round(value * 1000);
}

/**
 * The visible content of a subtree: pre-order over `children` from the node itself, one entry per node whose
 * `visible` flag is set (invisible nodes are skipped but their children still visited), depth relative to the root.
 */
export function contentSignature(state: DeviceState, rootIndex: number): string {
  const entries: Canonical[] = [];
  const seen = new Set<number>();
  const visit = (index: number, depth: number): void => {
    const node = state.nodes[index];
    // Each node at most once, so a malformed (cyclic) child list cannot loop.
    if (!node || seen.has(index)) return;
    seen.add(index);
    if (node.flags.visible) {
      const [l, t, r, b] = node.bounds_px;
      entries.push([
        depth,
        node.class_name,
        node.resource_id,
        reportedText(node),
        node.content_desc,
        l,
        t,
        r,
        b,
        node.flags.checked,
        node.flags.selected,
        node.flags.enabled,
        node.range ? milli(node.range.current) : null,
      ]);
    }
    for (const child of node.children) visit(child, depth + 1);
  };
  visit(rootIndex, 0);
  return sha256Hex(canonicalJson(['tactile/3/content', entries]));
}
