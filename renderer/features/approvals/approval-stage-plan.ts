// Puts one approval request's exact plan on the live stage: its one preparation's pointer paths (or its refusal), and —
// when the call names a native selector, or presses a point over a node that has one — the occlusion preview
// of that target (`device.occlusion`, read-only): its box, the windows above it and the verdict.
import { useEffect } from 'react';
import type { ControlSelector } from '../../../shared/actions';
import type { ApprovalRequest } from '../../../shared/approvals';
import { devicePx } from '../../../shared/geometry';
import type { Observation } from '../../../shared/ipc';
import { api } from '../../app/api';
import { useStore } from '../../app/store';
import { stagePlanOf, withOcclusion, type StagePlan } from '../../../shared/gesture/stage-plan';
import { overlayModel } from '../node-tree/hit-test';
import { preparedRequest } from './prepared-request';

type Screen = { width: number; height: number };

export function requestPlan(r: ApprovalRequest, screen: Screen, capabilities: readonly string[] | null): StagePlan {
  const label = `${r.agent}: ${r.tool}`;
  const prepared = preparedRequest(r, screen, capabilities);
  if (prepared.ok) return stagePlanOf(label, prepared.plan);
  const e = prepared.issues[0]!;
  return stagePlanOf(label, prepared.plan ?? null, { code: e.code, path: e.path, message: e.message });
}

/** The call's own selector, else the native selector of the topmost node under its first press. */
export function targetSelector(
  r: ApprovalRequest,
  plan: StagePlan,
  observation: Observation | null,
  filters: Parameters<typeof overlayModel>[1],
): ControlSelector | null {
  const own = (r.args as { selector?: unknown } | null)?.selector;
  if (own && typeof own === 'object') return own as ControlSelector;
  const press = plan.pointers[0]?.keyframes[0];
  const model = overlayModel(observation, filters);
  if (!press || !model || !observation) return null;
  const hit = model.index.hitTest(devicePx(press.x), devicePx(press.y));
  const native = hit >= 0 ? observation.nodes[hit]?.native_selector : null;
  return native
    ? ({
        resource_id: null,
        class_name: null,
        package_name: null,
        bounds: null,
        text: null,
        content_desc: null,
        ...native,
      } as ControlSelector)
    : null;
}

/** Shows `r`'s plan on the live stage while it is focused; clears it when the request goes or loses focus. */
export function useApprovalStagePlan(r: ApprovalRequest | null) {
  const serial = useStore((s) => s.selectedSerial);
  const screen = useStore((s) => s.observation?.screen ?? s.deviceInfo?.screen);
  const capabilities = useStore((s) => s.capabilities?.capabilities ?? null);
  const width = screen?.width;
  const height = screen?.height;
  useEffect(() => {
    if (!r || r.serial !== serial || !width || !height) return;
    let live = true;
    const plan = requestPlan(r, { width, height }, capabilities);
    useStore.getState().showPlan(r.id, plan);
    const s = useStore.getState();
    const selector = plan.refusal ? null : targetSelector(r, plan, s.observation, s.filters);
    if (selector) {
      api()
        .request('device.occlusion', { serial: r.serial, selector })
        .then(
          (occlusion) => live && useStore.getState().showPlan(r.id, withOcclusion(plan, occlusion)),
          // No helper, or no unique match: the paths alone stay shown.
          () => undefined,
        );
    }
    return () => {
      live = false;
      useStore.getState().clearPlan(r.id);
    };
  }, [r, serial, width, height, capabilities]);
}
