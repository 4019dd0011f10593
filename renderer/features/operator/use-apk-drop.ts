// Dropping an APK on the mirror installs it on the device shown (progress in the Apps tab).
import { useEffect, type RefObject } from 'react';
import { useStore } from '../../app/store';
import { installApks } from './apps-store';

export function useApkDrop(box: RefObject<HTMLDivElement | null>): void {
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const over = (e: DragEvent) => {
      if (e.dataTransfer?.types.includes('Files')) e.preventDefault();
    };
    const drop = (e: DragEvent) => {
      const serial = useStore.getState().selectedSerial;
      const files = [...(e.dataTransfer?.files ?? [])];
      if (!serial || files.length === 0) return;
      e.preventDefault();
      void installApks(serial, files);
    };
    el.addEventListener('dragover', over);
    el.addEventListener('drop', drop);
    return () => {
      el.removeEventListener('dragover', over);
      el.removeEventListener('drop', drop);
    };
  }, [box]);
}
