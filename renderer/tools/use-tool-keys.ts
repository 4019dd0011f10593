// Tool shortcuts, always on (also before a device is selected), ignored while a text field has focus
// (app/shortcuts.ts: a checkbox or button keeps them):
// each tool's letter selects it (I, C); Esc cancels the current tool's gesture, or clears the selection.
import { useEffect } from 'react';
import { plainShortcut } from '../app/shortcuts';
import { useStore } from '../app/store';
import { toolForShortcut } from './registry';
import { currentTool, selectTool, tools } from './tools';

export function useToolKeys(): void {
  useEffect(() => {
    const onDown = (e: KeyboardEvent) => {
      const key = plainShortcut(e);
      if (key === null) return;
      if (key === 'Escape') {
        if (!currentTool().cancel()) useStore.getState().select(-1);
        return;
      }
      const tool = key.length === 1 && !e.repeat ? toolForShortcut(tools, key) : null;
      if (tool) selectTool(tool);
    };
    window.addEventListener('keydown', onDown);
    return () => window.removeEventListener('keydown', onDown);
  }, []);
}
