// Asks main for the selected node's occlusion whenever the selection or the observation changes, before any
// click or native write is sent (read-only: the helper evaluates the windows, nothing is dispatched).
import { useEffect } from 'react';
import type { ControlSelector } from '../../../shared/actions';
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';

const NONE: ControlSelector = {
  resource_id: null,
  text: null,
  content_desc: null,
  class_name: null,
  package_name: null,
  bounds: null,
};

export function useOcclusion(): void {
  const serial = useStore((s) => s.selectedSerial);
  const node = useStore((s) => (s.observation && s.selected >= 0 ? (s.observation.nodes[s.selected] ?? null) : null));
  const observation = useStore((s) => s.observation);
  const selector = node?.native_selector ?? null;
  const key = serial && selector ? `${serial} ${JSON.stringify(selector)}` : null;
  useEffect(() => {
    const { setOcclusion } = useStore.getState();
    if (!key || !serial || !selector) {
      setOcclusion(null);
      return;
    }
    let current = true;
    setOcclusion({ key, phase: 'loading' });
    api()
      .request('device.occlusion', { serial, selector: { ...NONE, ...selector } })
      .then(
        (occlusion) => current && setOcclusion({ key, phase: 'done', occlusion }),
        (error: unknown) =>
          current &&
          setOcclusion({
            key,
            phase: 'failed',
            code: (error as { code?: string }).code ?? 'INTERNAL',
            message: errorText(error),
          }),
      );
    return () => {
      current = false;
    };
    // The observation is a dependency: the same node may be covered or uncovered after the screen changed.
  }, [key, observation, serial, selector]);
}
