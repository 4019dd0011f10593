import { describe, expect, it } from 'vitest';
import { parseUiautomatorXml, UiautomatorXmlError } from './uiautomator-xml';

const screen = { width: 1080, height: 2400 };
// Attributes given first win over the defaults after them (the parser keeps an attribute's first value).
const node = (attrs: string, children = '') =>
  `<node ${attrs} index="0" text="" resource-id="" class="android.widget.FrameLayout" content-desc="" checkable="false" checked="false" clickable="false" enabled="true" focusable="false" focused="false" scrollable="false" long-clickable="false" password="false" selected="false">${children}</node>`;
const win = (
  i: number,
  id: number,
  layer: number,
  title: string,
  type: string,
  body: string,
  bounds = '[0,0][1080,2400]',
) =>
  `<window index="${i}" title="${title}" bounds="${bounds}" active="${i === 2}" focused="${i === 2}" accessibility-focused="false" id="${id}" layer="${layer}" type="${type}">${body ? `<hierarchy rotation="0">${body}</hierarchy>` : ''}</window>`;
const XML =
  "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><displays><display id=\"0\">" +
  win(
    0,
    2,
    3,
    'StatusBar',
    'TYPE_SYSTEM',
    node('bounds="[0,0][1080,63]" package="com.android.systemui"'),
    '[0,0][1080,63]',
  ) +
  win(
    1,
    3,
    2,
    'Overlay',
    'TYPE_SYSTEM',
    node(
      'bounds="[100,900][700,1000]" package="o"',
      node('bounds="[120,920][680,980]" text="Floating overlay" package="o"'),
    ),
  ) +
  win(
    2,
    1,
    1,
    'MainActivity',
    'TYPE_APPLICATION',
    node('bounds="[0,0][1080,2400]" package="lab"', node('bounds="[0,0][10,10]" resource-id="lab:id/a" package="lab"')),
  ) +
  '</display></displays>';

describe('uiautomator dump --windows', () => {
  it('reads every window, numbers them from the bottom and keeps the nodes with their window', () => {
    const tree = parseUiautomatorXml(XML, screen);
    expect(tree.windows).toEqual([
      {
        window: 2,
        id: 2,
        layer: 3,
        title: 'StatusBar',
        type: 'TYPE_SYSTEM',
        bounds_px: [0, 0, 1080, 63],
        active: false,
        focused: false,
        package_name: 'com.android.systemui',
      },
      {
        window: 1,
        id: 3,
        layer: 2,
        title: 'Overlay',
        type: 'TYPE_SYSTEM',
        bounds_px: [0, 0, 1080, 2400],
        active: false,
        focused: false,
        package_name: 'o',
      },
      {
        window: 0,
        id: 1,
        layer: 1,
        title: 'MainActivity',
        type: 'TYPE_APPLICATION',
        bounds_px: [0, 0, 1080, 2400],
        active: true,
        focused: true,
        package_name: 'lab',
      },
    ]);
    expect(tree.nodes.map((n) => [n.window, n.parent, n.depth])).toEqual([
      [2, null, 0],
      [1, null, 0],
      [1, 1, 1],
      [0, null, 0],
      [0, 3, 1],
    ]);
    expect(tree.nodes[2]!.text).toBe('Floating overlay');
  });

  it('a dump cut before </displays> is an error, never partial data', () => {
    expect(() => parseUiautomatorXml(XML.slice(0, XML.length - 30), screen)).toThrow(UiautomatorXmlError);
  });

  it('the classic single-window form has no window list and window 0', () => {
    const tree = parseUiautomatorXml(
      `<hierarchy rotation="0">${node('bounds="[0,0][1080,2400]" package="p"')}</hierarchy>`,
      screen,
    );
    expect(tree.windows).toBeUndefined();
    expect(tree.nodes[0]!.window).toBe(0);
  });
});
