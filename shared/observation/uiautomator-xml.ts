// `uiautomator dump` XML → observed node tree, in one streaming pass. Both forms are read: the classic one
// (`<hierarchy>`, the active window only) and `--windows` (`<displays><display><window …><hierarchy>`, every
// window of the display, top first), where nodes are numbered by window from the bottom. htmlparser2's SAX parser is used
// rather than fast-xml-parser because it builds no intermediate object tree: a 2,000-node dump parses in a
// third of the time (test/bench/observe.bench.ts), which keeps parsing under the 20 ms budget.
import { Parser } from 'htmlparser2';
import type { ErrorCode } from '../errors';
import { duplicateResourceIds, nativeSelectorFor } from './native-selector';
import { normalizeRect } from './normalize';
import type { ObservedNode, ObservedTree, ObservedWindow, PixelRect, Rotation, ScreenSize } from './observed-node';

/** The dump could not be read as a complete uiautomator hierarchy (truncated, malformed or an error message). */
export class UiautomatorXmlError extends Error {
  readonly code: ErrorCode = 'READ_FAILED';
  override readonly name = 'UiautomatorXmlError';
}

const BOUNDS = /^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$/;

/** The window number of a single-window dump. */
const SINGLE_WINDOW = 0;

type Attributes = Record<string, string>;

function parseBounds(value: string | undefined, index: number): PixelRect {
  const m = value === undefined ? null : BOUNDS.exec(value);
  if (m === null)
    throw new UiautomatorXmlError(`node ${index}: bounds ${JSON.stringify(value ?? null)} is not [l,t][r,b]`);
  return [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])];
}

function parseRotation(value: string | undefined): Rotation {
  const r = Number(value ?? 0);
  return r === 1 || r === 2 || r === 3 ? r : 0;
}

function toNode(
  a: Attributes,
  index: number,
  parent: number | null,
  depth: number,
  screen: ScreenSize,
  window: number,
): ObservedNode {
  const bounds_px = parseBounds(a.bounds, index);
  return {
    index,
    parent,
    depth,
    window,
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
  /** The --windows form: windows in dump order (top first); nodes carry their dump index until numbered. */
  let sawDisplays = false;
  let displaysClosed = false;
  const windows: Array<Omit<ObservedWindow, 'window' | 'package_name'>> = [];
  const openHierarchies = { count: 0 };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === 'displays') {
          sawDisplays = true;
        } else if (name === 'window' && sawDisplays) {
          windows.push(toWindow(attributes, windows.length));
        } else if (name === 'hierarchy') {
          if (!sawHierarchy) {
            rotation = parseRotation(attributes.rotation);
            if (typeof screenFor === 'function') screen = screenFor(rotation);
          }
          sawHierarchy = true;
          openHierarchies.count += 1;
        } else if (name === 'node' && openHierarchies.count > 0) {
          const parent = open.length === 0 ? null : open[open.length - 1]!;
          // A bad node throws straight out of parser.end(): htmlparser2 does not swallow handler errors.
          nodes.push(
            toNode(
              attributes,
              nodes.length,
              parent,
              open.length,
              screen,
              sawDisplays ? windows.length - 1 : SINGLE_WINDOW,
            ),
          );
          open.push(nodes.length - 1);
        }
      },
      onclosetag(name, isImplied) {
        // Implied closes come from both `<x/>` and end-of-input; only the former is a complete element.
        const closed = !isImplied || xml.slice(parser.startIndex, parser.endIndex + 1).endsWith('/>');
        if (name === 'node') open.pop();
        else if (name === 'hierarchy') {
          openHierarchies.count -= 1;
          complete = closed;
        } else if (name === 'displays') {
          displaysClosed = closed;
        }
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.end(xml);

  if (sawDisplays) return finishWindows(xml, nodes, windows, displaysClosed, screen, rotation);
  if (!sawHierarchy) {
    const head = xml.trim().split('\n', 1)[0]?.slice(0, 200) ?? '';
    throw new UiautomatorXmlError(`no <hierarchy> in the uiautomator output${head ? `: ${head}` : ''}`);
  }
  if (!complete) throw new UiautomatorXmlError('the uiautomator dump ended before </hierarchy> (truncated)');

  const duplicates = duplicateResourceIds(nodes);
  for (const node of nodes) node.native_selector = nativeSelectorFor(node, duplicates);
  return { screen: { width: screen.width, height: screen.height }, rotation, nodes };
}

const WINDOW_BOUNDS_FALLBACK: PixelRect = [0, 0, 0, 0];

function toWindow(a: Attributes, position: number): Omit<ObservedWindow, 'window' | 'package_name'> {
  const int = (v: string | undefined, what: string): number => {
    const n = Number(v);
    if (v === undefined || !Number.isInteger(n))
      throw new UiautomatorXmlError(`window ${position}: ${what} ${JSON.stringify(v ?? null)} is not an integer`);
    return n;
  };
  return {
    id: int(a.id, 'id'),
    layer: int(a.layer, 'layer'),
    title: a.title ?? '',
    type: a.type ?? '',
    bounds_px: a.bounds === undefined ? WINDOW_BOUNDS_FALLBACK : parseBounds(a.bounds, position),
    active: a.active === 'true',
    focused: a.focused === 'true',
  };
}

/** `--windows`: number the windows from the bottom (the dump lists them top first) and relabel their nodes. */
function finishWindows(
  xml: string,
  nodes: ObservedNode[],
  listed: ReadonlyArray<Omit<ObservedWindow, 'window' | 'package_name'>>,
  closed: boolean,
  screen: ScreenSize,
  rotation: Rotation,
): ObservedTree {
  if (!closed)
    throw new UiautomatorXmlError(
      `the uiautomator --windows dump ended before </displays> (truncated after ${xml.length} characters)`,
    );
  const count = listed.length;
  for (const node of nodes) node.window = count - 1 - node.window;
  const windows: ObservedWindow[] = listed.map((w, i) => {
    const number = count - 1 - i;
    const root = nodes.find((n) => n.window === number && n.parent === null);
    return { window: number, ...w, package_name: root ? root.package_name : null };
  });
  const duplicates = duplicateResourceIds(nodes);
  for (const node of nodes) node.native_selector = nativeSelectorFor(node, duplicates);
  return { screen: { width: screen.width, height: screen.height }, rotation, nodes, windows };
}
