// The locators other tools use for an observed node, as Appium Inspector shows them: an XPath over the
// UiAutomator page source (elements named by class, attributes resource-id, content-desc, text) and a
// UiAutomator `UiSelector` (Appium's `-android uiautomator` strategy, or UiDevice.findObject in a test).
// Each is the shortest form that matches this node alone among the observation's nodes: by resource id, by
// content description, by text, by id and text together — else an XPath of positions from the root, and a
// UiSelector with the instance (0-based match number) of its class.
import type { ObservedNode } from './observed-node';

type Attr = 'resource-id' | 'content-desc' | 'text';

const value = (n: ObservedNode, a: Attr): string | null =>
  a === 'resource-id' ? n.resource_id : a === 'content-desc' ? n.content_desc : n.text === '' ? null : n.text;

/** The attribute sets tried, shortest first. */
const CANDIDATES: ReadonlyArray<readonly Attr[]> = [
  ['resource-id'],
  ['content-desc'],
  ['text'],
  ['resource-id', 'text'],
  ['resource-id', 'content-desc'],
];

function uniqueBy(node: ObservedNode, nodes: readonly ObservedNode[]): readonly Attr[] | null {
  for (const attrs of CANDIDATES) {
    if (attrs.some((a) => value(node, a) === null)) continue;
    const same = nodes.filter(
      (n) => n.class_name === node.class_name && attrs.every((a) => value(n, a) === value(node, a)),
    );
    if (same.length === 1) return attrs;
  }
  return null;
}

/** An XPath string literal: quoted with whichever quote it lacks, else concat() of both kinds. */
export function xpathLiteral(s: string): string {
  if (!s.includes('"')) return `"${s}"`;
  if (!s.includes("'")) return `'${s}'`;
  return `concat(${s
    .split('"')
    .map((part) => `"${part}"`)
    .join(`, '"', `)})`;
}

/** The element name of a node in the page source (its class; a node without one is a plain `node`). */
const tag = (n: ObservedNode) => n.class_name || 'node';

export function xpathFor(node: ObservedNode, nodes: readonly ObservedNode[]): string {
  const attrs = uniqueBy(node, nodes);
  if (attrs) return `//${tag(node)}[${attrs.map((a) => `@${a}=${xpathLiteral(value(node, a)!)}`).join(' and ')}]`;
  // Positions from the root: each step is the n-th child of its parent with that element name.
  const steps: string[] = [];
  for (let n: ObservedNode | undefined = node; n; n = n.parent === null ? undefined : nodes[n.parent]) {
    const siblings = nodes.filter((s) => s.parent === n!.parent && tag(s) === tag(n!));
    steps.unshift(siblings.length > 1 ? `${tag(n)}[${siblings.indexOf(n) + 1}]` : tag(n));
  }
  return `/hierarchy/${steps.join('/')}`;
}

/** A Java string literal. */
function javaString(s: string): string {
  return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t')}"`;
}

const METHOD: Record<Attr, string> = { 'resource-id': 'resourceId', 'content-desc': 'description', text: 'text' };

export function uiSelectorFor(node: ObservedNode, nodes: readonly ObservedNode[]): string {
  const attrs = uniqueBy(node, nodes);
  // UiSelector matches by attribute across classes too: a unique pair with the class named keeps it exact.
  if (attrs) {
    const across = nodes.filter((n) => attrs.every((a) => value(n, a) === value(node, a)));
    const parts = attrs.map((a) => `.${METHOD[a]}(${javaString(value(node, a)!)})`);
    return `new UiSelector()${across.length > 1 ? `.className(${javaString(node.class_name)})` : ''}${parts.join('')}`;
  }
  const sameClass = nodes.filter((n) => n.class_name === node.class_name);
  return `new UiSelector().className(${javaString(node.class_name)}).instance(${sameClass.indexOf(node)})`;
}
