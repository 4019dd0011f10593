// The selected node's locators and calls: its XPath and UiAutomator UiSelector as Appium Inspector gives them
// (shared/observation/locators.ts), each copyable, and Tap / Long press / Type here / Wait for by its selector
// (node-calls.ts) — sent through the console's one send path, or, with "add to document" ticked, appended to
// the document as a step instead. Type here is named "Set this field’s text" for assistive technology, so the
// title bar's Type stays the one button called Type.
import { useMemo, useState } from 'react';
import { uiSelectorFor, xpathFor, type ObservedNode } from '../../../shared/observation';
import { useStore } from '../../app/store';
import { sendAction } from '../manual-control/send-action';
import { CopyButton } from './CopyButton';
import { nodeCall, type NodeAct } from './node-calls';

function Locator({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div className="locator">
      <span className="label">{label}</span>
      <code className="mono locator-value" data-testid={`inspector-${testId}`} title={value}>
        {value}
      </code>
      <CopyButton text={value} testId={`copy-${testId}`} />
    </div>
  );
}

export function NodeActions({ node }: { node: ObservedNode }) {
  const nodes = useStore((s) => s.observation?.nodes ?? null);
  const [text, setText] = useState('');
  const [add, setAdd] = useState(false);
  const locators = useMemo(
    () => (nodes ? { xpath: xpathFor(node, nodes), ui: uiSelectorFor(node, nodes) } : null),
    [node, nodes],
  );
  const act = (what: NodeAct) => {
    const call = nodeCall(node, what, text);
    if (!call) return;
    if (add) useStore.getState().addStep(call, 'edit');
    else void sendAction(call);
  };
  const none = node.native_selector === null;
  const why = none
    ? 'This node has no selector (no id and no class): act on it by position with the Control tool'
    : undefined;
  return (
    <div className="node-actions" data-testid="node-actions">
      {locators && <Locator label="XPath" value={locators.xpath} testId="xpath" />}
      {locators && <Locator label="UiSelector" value={locators.ui} testId="uiselector" />}
      <div className="node-act-row">
        <button
          className="btn btn-small"
          data-testid="node-tap"
          disabled={none}
          title={why ?? 'control_action click on this node’s selector'}
          onClick={() => act('tap')}
        >
          Tap
        </button>
        <button
          className="btn btn-small"
          data-testid="node-long-press"
          disabled={none}
          title={why ?? 'control_action long_click on this node’s selector'}
          onClick={() => act('long-press')}
        >
          Long press
        </button>
        <button
          className="btn btn-small"
          data-testid="node-wait"
          disabled={none}
          title={why ?? 'wait_until this node is visible'}
          onClick={() => act('wait')}
        >
          Wait for
        </button>
        <label className="check" title="Append the call to the document as a step instead of sending it">
          <input type="checkbox" data-testid="node-act-add" checked={add} onChange={(e) => setAdd(e.target.checked)} />
          add to document
        </label>
      </div>
      <form
        className="node-act-row"
        onSubmit={(e) => {
          e.preventDefault();
          act('type');
        }}
      >
        <input
          className="input"
          data-testid="node-type-text"
          aria-label="Text for this node"
          placeholder="text for this field"
          value={text}
          onChange={(e) => setText(e.target.value)}
          disabled={none}
        />
        <button
          className="btn btn-small"
          type="submit"
          data-testid="node-type"
          disabled={none}
          title={why ?? 'control_action set_text on this node’s selector'}
          aria-label="Set this field’s text"
        >
          Type here
        </button>
      </form>
    </div>
  );
}
