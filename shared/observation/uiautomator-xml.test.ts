import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ControlSelectorSchema } from '../actions/selector';
import { ObservedTreeSchema } from './observed-node';
import { parseUiautomatorXml, UiautomatorXmlError } from './uiautomator-xml';

const SCREEN = { width: 1080, height: 2400 };
const labMain = readFileSync(new URL('./fixtures/lab-main.xml', import.meta.url), 'utf8');

const node = (attrs: string, inner = '') =>
  `<node class="android.view.View" package="p" ${attrs.includes('bounds=') ? attrs : `bounds="[0,0][10,10]" ${attrs}`}>${inner}</node>`;
const dump = (body: string, rotation = 0) =>
  `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="${rotation}">${body}</hierarchy>`;

describe('parseUiautomatorXml', () => {
  const tree = parseUiautomatorXml(labMain, SCREEN);
  const byId = (id: string) => tree.nodes.filter((n) => n.resource_id === id);

  it('produces a tree that satisfies the schema', () => {
    expect(ObservedTreeSchema.parse(tree)).toEqual(tree);
    expect(tree.screen).toEqual(SCREEN);
  });

  it('numbers nodes in document order with parent and depth', () => {
    expect(tree.nodes.map((n) => n.index)).toEqual([...Array(11).keys()]);
    expect(tree.nodes.map((n) => n.parent)).toEqual([null, 0, 1, 1, 1, 1, 1, 1, 7, 7, 1]);
    expect(tree.nodes.map((n) => n.depth)).toEqual([0, 1, 2, 2, 2, 2, 2, 2, 3, 3, 2]);
    expect(tree.nodes.every((n) => n.window === 0)).toBe(true);
  });

  it('decodes XML entities, numeric references and astral characters', () => {
    expect(byId('com.tactile.lab:id/title')[0]!.text).toBe('Tom & Jerry <b> "quoted" it\'s\nline two 😀');
  });

  it('maps empty attributes to null ids/descriptions and empty text', () => {
    const root = tree.nodes[0]!;
    expect(root.resource_id).toBeNull();
    expect(root.content_desc).toBeNull();
    expect(root.text).toBe('');
    expect(byId('com.tactile.lab:id/play')[0]!.content_desc).toBe('Play');
  });

  it('reads every flag from its own attribute', () => {
    expect(byId('com.tactile.lab:id/dark')[0]!.flags).toEqual({
      clickable: true,
      checkable: true,
      checked: true,
      enabled: true,
      focused: false,
      focusable: true,
      scrollable: false,
      long_clickable: false,
      selected: true,
      password: false,
    });
    expect(byId('com.tactile.lab:id/password')[0]!.flags).toMatchObject({
      enabled: false,
      password: true,
      long_clickable: true,
    });
    expect(byId('com.tactile.lab:id/seek')[0]!.flags).toMatchObject({ focused: true, clickable: false });
    expect(byId('com.tactile.lab:id/list')[0]!.flags.scrollable).toBe(true);
  });

  it('keeps raw pixel bounds and maps the covered pixels to 0..1000 (full screen is [0,0,1000,1000])', () => {
    const play = byId('com.tactile.lab:id/play')[0]!;
    expect(play.bounds_px).toEqual([42, 210, 210, 378]);
    expect(play.bounds).toEqual([39, 88, 194, 157]);
    expect(tree.nodes[0]!.bounds).toEqual([0, 0, 1000, 1000]);
  });

  it('builds native selectors from id + class + package, adding bounds only for duplicate or missing ids', () => {
    expect(byId('com.tactile.lab:id/play')[0]!.native_selector).toEqual({
      resource_id: 'com.tactile.lab:id/play',
      class_name: 'android.widget.ImageButton',
      package_name: 'com.tactile.lab',
    });
    expect(byId('com.tactile.lab:id/row').map((n) => n.native_selector)).toEqual([
      {
        resource_id: 'com.tactile.lab:id/row',
        class_name: 'android.widget.TextView',
        package_name: 'com.tactile.lab',
        bounds: [0, 840, 1080, 987],
      },
      {
        resource_id: 'com.tactile.lab:id/row',
        class_name: 'android.widget.TextView',
        package_name: 'com.tactile.lab',
        bounds: [0, 987, 1080, 1134],
      },
    ]);
    expect(tree.nodes[10]!.native_selector).toEqual({
      class_name: 'android.view.View',
      package_name: 'com.tactile.lab',
      bounds: [0, 2200, 540, 2337],
    });
  });

  it('never puts text or content description into a selector, and every selector is a valid control selector', () => {
    for (const n of tree.nodes) {
      expect(n.native_selector).not.toHaveProperty('text');
      expect(n.native_selector).not.toHaveProperty('content_desc');
      expect(() => ControlSelectorSchema.parse(n.native_selector)).not.toThrow();
    }
  });

  it('reads rotation and accepts an empty self-closed hierarchy', () => {
    expect(parseUiautomatorXml('<hierarchy rotation="3"/>', SCREEN)).toEqual({
      screen: SCREEN,
      rotation: 3,
      nodes: [],
    });
    expect(parseUiautomatorXml(dump(node(''), 1), SCREEN).rotation).toBe(1);
  });

  it('treats missing attributes as empty or false', () => {
    const [n] = parseUiautomatorXml(dump('<node bounds="[1,2][3,4]"/>'), SCREEN).nodes;
    expect(n).toMatchObject({ class_name: '', package_name: '', text: '', resource_id: null, native_selector: null });
    expect(Object.values(n!.flags).every((f) => f === false)).toBe(true);
  });

  it('accepts negative and off-screen bounds without clamping', () => {
    const [n] = parseUiautomatorXml(dump(node('bounds="[-20,2300][1200,2500]"')), SCREEN).nodes;
    expect(n!.bounds_px).toEqual([-20, 2300, 1200, 2500]);
    expect(n!.bounds).toEqual([-19, 959, 1111, 1042]);
  });

  it('refuses bad bounds with the node index', () => {
    expect(() => parseUiautomatorXml(dump(node('', node('bounds="[1,2][3]"'))), SCREEN)).toThrow(/node 1: bounds/);
  });

  it('refuses output that is not a dump, with the device message', () => {
    const err = catchError(() => parseUiautomatorXml('ERROR: could not get idle state.\n', SCREEN));
    expect(err).toBeInstanceOf(UiautomatorXmlError);
    expect(err).toMatchObject({ code: 'READ_FAILED', message: expect.stringContaining('could not get idle state') });
  });

  it('refuses every truncation of a dump instead of returning partial data', () => {
    const end = labMain.indexOf('</hierarchy>') + '</hierarchy>'.length;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: end - 1 }), (cut) => {
        expect(() => parseUiautomatorXml(labMain.slice(0, cut), SCREEN)).toThrow(UiautomatorXmlError);
      }),
      { numRuns: 300 },
    );
    expect(parseUiautomatorXml(labMain.slice(0, end), SCREEN).nodes).toHaveLength(11);
  });
});

function catchError(f: () => unknown): unknown {
  try {
    f();
  } catch (e) {
    return e;
  }
  throw new Error('expected a throw');
}

describe('parseUiautomatorXml with a rotation-dependent screen', () => {
  it('normalizes against the size for the rotation the dump reports', () => {
    const turned = (r: number) => (r % 2 === 1 ? { width: 2400, height: 1080 } : { width: 1080, height: 2400 });
    const tree = parseUiautomatorXml(dump(node('bounds="[0,0][2400,1080]"'), 1), turned);
    expect(tree.screen).toEqual({ width: 2400, height: 1080 });
    expect(tree.nodes[0]!.bounds).toEqual([0, 0, 1000, 1000]);
  });
});
