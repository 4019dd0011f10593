// Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) undo and redo document edits anywhere but in a text field.
import { useEffect } from 'react';
import { historyShortcut } from '../app/shortcuts';
import { useStore } from '../app/store';

export function useHistoryKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const which = historyShortcut(e);
      if (!which) return;
      e.preventDefault();
      if (which === 'undo') useStore.getState().undo();
      else useStore.getState().redo();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
