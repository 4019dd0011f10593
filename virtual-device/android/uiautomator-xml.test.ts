import { XMLParser } from 'fast-xml-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { toShortString } from '../lab/rect';
import type { A11yNode, LabSnapshot } from '../lab/types';
import { createTestAndroid, type TestAndroid } from './test-harness';
import { dumpActiveWindow, dumpAllWindows, escapeAttr } from './uiautomator-xml';

let dev: TestAndroid;
afterEach(() => dev?.android.stop());

type XmlNode = Record<string, string> & { node?: XmlNode[] };
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  isArray: (name) => name === 'node' || name === 'window',
  parseAttributeValue: false,
});

function flatten(n: XmlNode, out: XmlNode[] = []): XmlNode[] {
  out.push(n);
  for (const c of n.node ?? []) flatten(c, out);
  return out;
}

function visibleSubtree(snap: LabSnapshot, id: number, out: A11yNode[] = []): A11yNode[] {
  const n = snap.nodes[id]!;
  out.push(n);
  for (const c of n.children) if (snap.nodes[c]!.flags.visible_to_user) visibleSubtree(snap, c, out);
  return out;
}

describe('uiautomator dump XML', () => {
  it('parses and matches the model node for node, attribute for attribute', () => {
    dev = createTestAndroid();
    dev.android.lab.performAction('com.tactile.lab:id/checkbox', 'click');
    const snap = dev.android.lab.snapshot();
    const doc = parser.parse(dumpActiveWindow(snap));
    expect(doc.hierarchy.rotation).toBe('0');
    const xmlNodes = flatten(doc.hierarchy.node[0]);
    const active = snap.windows.find((w) => w.active)!;
    const model = visibleSubtree(snap, active.root!);
    expect(xmlNodes.length).toBe(model.length);
    xmlNodes.forEach((x, i) => {
      const m = model[i]!;
      expect(x).toMatchObject({
        index: String(m.index),
        text: m.text,
        'resource-id': m.resource_id,
        class: m.class_name,
        package: m.package_name,
        'content-desc': m.content_desc,
        checkable: String(m.flags.checkable),
        checked: String(m.flags.checked),
        clickable: String(m.flags.clickable),
        enabled: String(m.flags.enabled),
        focusable: String(m.flags.focusable),
        focused: String(m.flags.focused),
        scrollable: String(m.flags.scrollable),
        'long-clickable': String(m.flags.long_clickable),
        password: String(m.flags.password),
        selected: String(m.flags.selected),
        bounds: toShortString(m.visible_bounds),
      });
    });
    const checkbox = xmlNodes.find((x) => x['resource-id'] === 'com.tactile.lab:id/checkbox')!;
    expect(checkbox.checked).toBe('true');
    // The overlay is another window: not in the active window's dump.
    expect(xmlNodes.some((x) => x.package === 'com.tactile.overlay')).toBe(false);
  });

  it("keeps Android's attribute order and self-closes leaves", () => {
    dev = createTestAndroid();
    const xml = dumpActiveWindow(dev.android.lab.snapshot());
    const leaf = /<node index="\d+" text="Subtitles" [^>]*\/>/.exec(xml)![0];
    const names = [...leaf.matchAll(/ ([a-z-]+)="/g)].map((m) => m[1]);
    expect(names).toEqual([
      'index',
      'text',
      'resource-id',
      'class',
      'package',
      'content-desc',
      'checkable',
      'checked',
      'clickable',
      'enabled',
      'focusable',
      'focused',
      'scrollable',
      'long-clickable',
      'password',
      'selected',
      'bounds',
    ]);
  });

  it('escapes text like KXmlSerializer and replaces invalid XML characters', () => {
    expect(escapeAttr('a<b>&"c"\n\u0001')).toBe('a&lt;b&gt;&amp;&quot;c&quot;&#10;.');
    dev = createTestAndroid();
    dev.android.lab.performAction('com.tactile.lab:id/edit_text', 'set_text', { text: '<tag> & "q"' });
    const doc = parser.parse(dumpActiveWindow(dev.android.lab.snapshot()));
    const edit = flatten(doc.hierarchy.node[0]).find((x) => x['resource-id'] === 'com.tactile.lab:id/edit_text')!;
    expect(edit.text).toBe('<tag> & "q"');
  });

  it('--windows lists every window top first with layer and type, each with its hierarchy', () => {
    dev = createTestAndroid();
    const doc = parser.parse(dumpAllWindows(dev.android.lab.snapshot()));
    const windows = doc.displays.display.window as Array<Record<string, string> & { hierarchy: { node: XmlNode[] } }>;
    expect(windows.map((w) => [w.title, w.type, w.layer])).toEqual([
      ['StatusBar', 'TYPE_SYSTEM', '3'],
      ['Overlay', 'TYPE_SYSTEM', '2'],
      ['MainActivity', 'TYPE_APPLICATION', '1'],
    ]);
    expect(windows[1]!.hierarchy.node[0]!.package).toBe('com.tactile.overlay');
  });

  it('a rotated screen reports its rotation and rotated bounds', async () => {
    dev = createTestAndroid();
    dev.android.setRotation(1);
    const doc = parser.parse(dumpActiveWindow(dev.android.lab.snapshot()));
    expect(doc.hierarchy.rotation).toBe('1');
    expect(doc.hierarchy.node[0].bounds).toBe('[0,0][2400,1080]');
  });
});
