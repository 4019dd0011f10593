// The tool buttons (stable data-testid="tool-<id>"), each with its shortcut letter, stacked in the view rail;
// the current tool's keys (its surface's useKeys) are mounted by CurrentToolKeys while it is current.
import { useStore } from '../app/store';
import { TOOL_IDS } from './registry';
import { TOOL_SURFACES } from './surfaces';
import { selectTool, tools } from './tools';
import { useToolKeys } from './use-tool-keys';

export function Toolbar() {
  useToolKeys();
  const current = useStore((s) => s.toolId);
  return (
    <div className="segmented tool-buttons" role="group" aria-label="Tool">
      {TOOL_IDS.map((id) => (
        <button
          key={id}
          className={`seg${current === id ? ' on' : ''}`}
          aria-pressed={current === id}
          onClick={() => selectTool(id)}
          data-testid={`tool-${id}`}
          title={tools[id].hint}
        >
          {tools[id].label} <kbd>{tools[id].shortcut}</kbd>
        </button>
      ))}
    </div>
  );
}

function Keys({ use }: { use: () => void }) {
  use();
  return null;
}

/** Mounts the current tool's own keyboard handling; a tool switch remounts it (keyed by the tool). */
export function CurrentToolKeys() {
  const id = useStore((s) => s.toolId);
  const use = TOOL_SURFACES[id].useKeys;
  return use ? <Keys key={id} use={use} /> : null;
}
