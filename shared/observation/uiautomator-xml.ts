// `uiautomator dump` XML → observed node tree, in one streaming pass. htmlparser2's SAX parser is used
// rather than fast-xml-parser because it builds no intermediate object tree: a 2,000-node dump parses in a
// third of the time (test/bench/observe.bench.ts), which keeps parsing under the 20 ms budget.
import { Parser } from 'htmlparser2';
import type { ErrorCode } from '../errors';
import { duplicateResourceIds, nativeSelectorFor } from './native-selector';
import { normalizeRect } from './normalize';
import type { ObservedNode, ObservedTree, PixelRect, Rotation, ScreenSize } from './observed-node';

/** The dump could not be read as a complete uiautomator hierarchy (truncated, malformed or an error message). */
export class UiautomatorXmlError extends Error {
  readonly code: ErrorCode = 'READ_FAILED';
  override readonly name = 'UiautomatorXmlError';
}

const BOUNDS = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/;

/** uiautomator writes a single window; the helper (later) reports several. */
const UIAUTOMATOR_WINDOW = 0;

type Attributes = Record<string, string>;

function parseBounds(value: string | undefined, index: number): PixelRect {
  const m = value === undefined ? null : BOUNDS.exec(value);
  if (m === null) throw new UiautomatorXmlError(`node ${index}: bounds ${JSON.stringify(value ?? null)} is not [l,t][r,b]`);
  return [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
}

function parseRotation(value: string | undefined): Rotation {
  const r = Number(value ?? 0);
  return r === 1 || r === 2 || r === 3 ? r : 0;
}

function toNode(a: Attributes, index: number, parent: number | null, depth: number, screen: ScreenSize): ObservedNode {
  const bounds_px = parseBounds(a.bounds, index);
  return {
    index,
    parent,
    depth,
    window: UIAUTOMATOR_WINDOW,
    class_name: a.class ?? '',
    resource_id: a['resource-id'] || null,
    text: a.text ?? '',
    content_desc: a['content-desc'] || null,
    package_name: a.package ?? '',
    bounds_px,
    bounds: normalizeRect(bounds_px, screen),
    flags: {
      clickable: a.clickable === 'true',
      checkable: a.checkable === 'true',
      checked: a.checked === 'true',
      enabled: a.enabled === 'true',
      focused: a.focused === 'true',
      focusable: a.focusable === 'true',
      scrollable: a.scrollable === 'true',
      long_clickable: a['long-clickable'] === 'true',
      selected: a.selected === 'true',
      password: a.password === 'true',
    },
    native_selector: null,
  };
}

/** The display size in pixels, or how to get it from the rotation the dump reports (`wm size` is portrait). */
export type ScreenForRotation = ScreenSize | ((rotation: Rotation) => ScreenSize);

/**
 * Parses a uiautomator dump. `screen` is the device's display size in pixels for the normalized bounds.
 * Text after `</hierarchy>` (the "dumped to" line) is ignored. Throws UiautomatorXmlError when the
 * hierarchy is missing or not closed: a truncated dump is never returned as partial data.
 */
export function parseUiautomatorXml(xml: string, screenFor: ScreenForRotation): ObservedTree {
  const nodes: ObservedNode[] = [];
  const open: number[] = [];
  let rotation: Rotation = 0;
  let screen: ScreenSize = typeof screenFor === 'function' ? screenFor(0) : screenFor;
  let sawHierarchy = false;
  let complete = false;

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'hierarchy') {
          sawHierarchy = true;
          rotation = parseRotation(attributes.rotation);
          if (typeof screenFor === 'function') screen = screenFor(rotation);
        } else if (name === 'node' && sawHierarchy) {
          const parent = open.length === 0 ? null : open[open.length - 1]!;
          // A bad node throws straight out of parser.end(): htmlparser2 does not swallow handler errors.
          nodes.push(toNode(attributes, nodes.length, parent, open.length, screen));
          open.push(nodes.length - 1);
        }
      },
      onclosetag(name, isImplied) {
        if (name === 'node') open.pop();
        else if (name === 'hierarchy') {
          // Implied closes come from both `<x/>` and end-of-input; only the former is a complete dump.
          complete = !isImplied || xml.slice(parser.startIndex, parser.endIndex + 1).endsWith('/>');
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);

  if (!sawHierarchy) {
    const head = xml.trim().split('\n', 1)[0]?.slice(0, 200) ?? '';
    throw new UiautomatorXmlError(`no <hierarchy> in the uiautomator output${head ? `: ${head}` : ''}`);
  }
  if (!complete) throw new UiautomatorXmlError('the uiautomator dump ended before </hierarchy> (truncated)');

  const duplicates = duplicateResourceIds(nodes);
  for (const node of nodes) node.native_selector = nativeSelectorFor(node, duplicates);
  return { screen: { width: screen.width, height: screen.height }, rotation, nodes };
}
