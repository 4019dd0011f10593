// uiautomator's window dump (AccessibilityNodeInfoDumper) from a LabSnapshot: the same attributes in
// the same order, only nodes visible to the user, bounds clipped to the screen, and KXmlSerializer's
// escaping. `--windows` uses the newer per-display, per-window form.
import { toShortString } from '../lab/rect';
import type { A11yNode, A11yWindow, LabSnapshot } from '../lab/types';

const HEADER = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>";
const NAF_EXCLUDED = [
  'android.widget.GridView',
  'android.widget.GridLayout',
  'android.widget.ListView',
  'android.widget.TableLayout',
];

/** Characters uiautomator replaces with '.' (stripInvalidXMLChars). */
// eslint-disable-next-line no-control-regex
const INVALID = /[\u0001-\u0008\u000B\u000C\u000E-\u001F\u007F-\u0084\u0086-\u009F\uFDD0-\uFDDF\uFFFE\uFFFF]/g;

export function escapeAttr(s: string): string {
  return s
    .replace(INVALID, '.')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;');
}

/** `uiautomator dump`: the active window's tree. */
export function dumpActiveWindow(snap: LabSnapshot): string {
  const active = snap.windows.find((w) => w.active) ?? snap.windows[snap.windows.length - 1];
  const body = active?.root != null ? dumpNode(snap, snap.nodes[active.root]!, 0) : '';
  return `${HEADER}<hierarchy rotation="${snap.screen.rotation}">${body}</hierarchy>`;
}

/** `uiautomator dump --windows`: every window of display 0, top first. */
export function dumpAllWindows(snap: LabSnapshot): string {
  const windows = snap.windows.map((w, i) => dumpWindow(snap, w, i)).join('');
  return `${HEADER}<displays><display id="0">${windows}</display></displays>`;
}

function dumpWindow(snap: LabSnapshot, w: A11yWindow, index: number): string {
  const attrs = `index="${index}" title="${escapeAttr(w.title)}" bounds="${toShortString(w.bounds)}" active="${w.active}" focused="${w.focused}" accessibility-focused="false" id="${w.id}" layer="${w.layer}" type="${w.type}"`;
  const root =
    w.root != null
      ? `<hierarchy rotation="${snap.screen.rotation}">${dumpNode(snap, snap.nodes[w.root]!, 0)}</hierarchy>`
      : '';
  return `<window ${attrs}>${root}</window>`;
}

function dumpNode(snap: LabSnapshot, n: A11yNode, index: number): string {
  const f = n.flags;
  const naf = !NAF_EXCLUDED.some((c) => n.class_name.endsWith(c)) && !nafCheck(snap, n) ? 'NAF="true" ' : '';
  const attrs =
    `${naf}index="${index}" text="${escapeAttr(n.text)}" resource-id="${escapeAttr(n.resource_id)}" class="${escapeAttr(n.class_name)}" ` +
    `package="${escapeAttr(n.package_name)}" content-desc="${escapeAttr(n.content_desc)}" checkable="${f.checkable}" checked="${f.checked}" ` +
    `clickable="${f.clickable}" enabled="${f.enabled}" focusable="${f.focusable}" focused="${f.focused}" scrollable="${f.scrollable}" ` +
    `long-clickable="${f.long_clickable}" password="${f.password}" selected="${f.selected}" bounds="${toShortString(n.visible_bounds)}"`;
  let children = '';
  n.children.forEach((c, i) => {
    const child = snap.nodes[c]!;
    if (child.flags.visible_to_user) children += dumpNode(snap, child, i);
  });
  return children ? `<node ${attrs}>${children}</node>` : `<node ${attrs} />`;
}

/** False for a clickable, enabled node with no text or description anywhere in it ("not accessibility friendly"). */
function nafCheck(snap: LabSnapshot, n: A11yNode): boolean {
  const isNaf = n.flags.clickable && n.flags.enabled && n.content_desc === '' && n.text === '';
  return !isNaf || childNafCheck(snap, n);
}

function childNafCheck(snap: LabSnapshot, n: A11yNode): boolean {
  return n.children.some((c) => {
    const child = snap.nodes[c]!;
    return child.content_desc !== '' || child.text !== '' || childNafCheck(snap, child);
  });
}
