// The tool buttons (stable data-testid="tool-<id>"), each with its shortcut letter (handled here, always on).
import { useStore } from '../app/store';
import { TOOL_IDS } from './registry';
import { selectTool, tools } from './tools';
import { useToolKeys } from './use-tool-keys';

export function Toolbar() {
  useToolKeys();
  const current = useStore((s) => s.toolId);
  return (
    <div className="segmented" role="group" aria-label="Tool">
      {TOOL_IDS.map((id) => (
        <button key={id} className={`seg${current === id ? ' on' : ''}`} aria-pressed={current === id} onClick={() => selectTool(id)} data-testid={`tool-${id}`} title={tools[id].hint}>
          {tools[id].label} <kbd>{tools[id].shortcut}</kbd>
        </button>
      ))}
    </div>
  );
}
