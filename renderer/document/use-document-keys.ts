// Document keys: Ctrl+Z / Ctrl+Shift+Z (and Ctrl+Y) undo and redo, Delete removes the selected steps —
// anywhere but in a text field (app/shortcuts.ts).
import { useEffect } from 'react';
import { historyShortcut, plainShortcut } from '../app/shortcuts';
import { useStore } from '../app/store';

export function useDocumentKeys(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const which = historyShortcut(e);
      const s = useStore.getState();
      if (which) {
        e.preventDefault();
        if (which === 'undo') s.undo();
        else s.redo();
      } else if (plainShortcut(e) === 'Delete' && s.document.selection.length > 0) {
        e.preventDefault();
        s.removeSteps(s.document.selection);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
