import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { uiSelectorFor, xpathFor, xpathLiteral } from './locators';
import { parseUiautomatorXml } from './uiautomator-xml';

const tree = parseUiautomatorXml(readFileSync(new URL('./fixtures/lab-main.xml', import.meta.url), 'utf8'), {
  width: 1080,
  height: 2400,
});
const nodes = tree.nodes;
const byId = (id: string) => nodes.filter((n) => n.resource_id === `com.tactile.lab:id/${id}`);

describe('locators of an observed node (Appium Inspector style)', () => {
  it('a unique resource id is the whole locator', () => {
    const play = byId('play')[0]!;
    expect(xpathFor(play, nodes)).toBe('//android.widget.ImageButton[@resource-id="com.tactile.lab:id/play"]');
    expect(uiSelectorFor(play, nodes)).toBe('new UiSelector().resourceId("com.tactile.lab:id/play")');
  });

  it('a shared resource id falls to the text that tells the node apart', () => {
    const row2 = byId('row')[1]!;
    expect(xpathFor(row2, nodes)).toBe('//android.widget.TextView[@text="Row 2"]');
    expect(uiSelectorFor(row2, nodes)).toBe('new UiSelector().text("Row 2")');
  });

  it('a node with nothing of its own is located by position: XPath from the root, UiSelector by its class instance', () => {
    const bare = nodes[10]!;
    expect(xpathFor(bare, nodes)).toBe(
      '/hierarchy/android.widget.FrameLayout/android.widget.LinearLayout/android.view.View',
    );
    expect(uiSelectorFor(bare, nodes)).toBe('new UiSelector().className("android.view.View").instance(0)');
    // Same class siblings get their position.
    const twin = { ...bare, index: 11 };
    expect(xpathFor(twin, [...nodes, twin])).toBe(
      '/hierarchy/android.widget.FrameLayout/android.widget.LinearLayout/android.view.View[2]',
    );
    expect(uiSelectorFor(twin, [...nodes, twin])).toBe('new UiSelector().className("android.view.View").instance(1)');
  });

  it('a unique text shared with another class names the class in the UiSelector', () => {
    const title = byId('title')[0]!;
    const other = { ...byId('play')[0]!, index: 11, resource_id: null, text: 'Row 2' };
    const row2 = byId('row')[1]!;
    expect(uiSelectorFor(row2, [...nodes, other])).toBe(
      'new UiSelector().className("android.widget.TextView").text("Row 2")',
    );
    expect(uiSelectorFor(title, nodes)).toBe('new UiSelector().resourceId("com.tactile.lab:id/title")');
  });

  it('quotes XPath and Java strings safely', () => {
    expect(xpathLiteral('plain')).toBe('"plain"');
    expect(xpathLiteral('say "hi"')).toBe(`'say "hi"'`);
    expect(xpathLiteral(`it's "x"`)).toBe(`concat("it's ", '"', "x", '"', "")`);
    const quoted = { ...byId('row')[1]!, text: 'a "b"\\c' };
    expect(uiSelectorFor(quoted, [quoted])).toBe('new UiSelector().resourceId("com.tactile.lab:id/row")');
    const noId = { ...quoted, resource_id: null };
    expect(uiSelectorFor(noId, [noId])).toBe('new UiSelector().text("a \\"b\\"\\\\c")');
  });
});
