// observe_screen answers seed 000's ObserveResult: the parsed element list (indices an agent-dialect call may
// refer to), a compact text listing, and the screen size. Nothing is persisted (screenshot_path stays null);
// an image asked for with include_image travels as MCP image content, not on disk.
import type { ObservedNode } from '../../shared/observation';
import { succeeded, type Receipt } from '../../shared/receipts';
import { seedCodeOf, type SeedActionCode } from './seed-codes';

export interface ObserveResult {
  ok: boolean;
  code: SeedActionCode;
  message: string;
  screenshot_path: null;
  image_name: null;
  width: number | null;
  height: number | null;
  elements_text: string | null;
  elements: Array<Record<string, unknown>>;
  hierarchy_ok: boolean;
  metadata: Record<string, unknown>;
}

interface Observed {
  screen?: { width: number; height: number };
  nodes?: ObservedNode[];
  image?: { png_base64?: string };
}

export function element(n: ObservedNode): Record<string, unknown> {
  return {
    index: n.index,
    class_name: n.class_name,
    resource_id: n.resource_id,
    text: n.text,
    content_desc: n.content_desc,
    package_name: n.package_name,
    bounds: n.bounds,
    clickable: n.flags.clickable,
    enabled: n.flags.enabled,
    focused: n.flags.focused,
    scrollable: n.flags.scrollable,
    checked: n.flags.checked,
    native_selector: n.native_selector,
  };
}

/** One line per node that says something (text, description, id, or clickable), with its index and bounds. */
export function elementsText(nodes: readonly ObservedNode[]): string {
  return nodes
    .filter((n) => n.text !== '' || n.content_desc !== null || n.resource_id !== null || n.flags.clickable)
    .map((n) => {
      const label = [
        n.text && JSON.stringify(n.text),
        n.content_desc && `desc=${JSON.stringify(n.content_desc)}`,
        n.resource_id && `id=${n.resource_id}`,
      ]
        .filter(Boolean)
        .join(' ');
      return `[${n.index}] ${n.class_name.split('.').pop()} ${label}${n.flags.clickable ? ' clickable' : ''} bounds=[${n.bounds.join(',')}]`;
    })
    .join('\n');
}

export function observeResultFromReceipt(
  receipt: Receipt,
  approval: Record<string, unknown> | null,
): { result: ObserveResult; png: string | null } {
  const ok = succeeded(receipt);
  const seen = (receipt.observation_after ?? {}) as Observed;
  const nodes = seen.nodes ?? [];
  // The image is in MCP content; the receipt in metadata keeps only what the journal keeps.
  const image = seen.image?.png_base64 ?? null;
  const { png_base64: _png, ...imageMeta } = seen.image ?? {};
  const kept: Receipt = image === null ? receipt : { ...receipt, observation_after: { ...seen, image: imageMeta } };
  return {
    png: image,
    result: {
      ok,
      code: ok ? 'OK' : receipt.code ? seedCodeOf(receipt.code, receipt.tool) : 'DEVICE_ERROR',
      message: receipt.message ?? (ok ? `${nodes.length} elements` : `observe_screen ${receipt.status}`),
      screenshot_path: null,
      image_name: null,
      width: seen.screen?.width ?? null,
      height: seen.screen?.height ?? null,
      elements_text: ok ? elementsText(nodes) : null,
      elements: nodes.map(element),
      hierarchy_ok: ok,
      metadata: { receipt: kept, ...(approval && { approval }) },
    },
  };
}
