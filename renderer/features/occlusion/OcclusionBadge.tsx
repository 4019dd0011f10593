// The selected node's occlusion in words, in the device view's status line (data-testid="occlusion-verdict"):
// OCCLUDED / PARTLY_OCCLUDED / VISIBLE, the windows above it and whether the regions were exact.
import { useStore } from '../../app/store';
import { useOcclusion } from './use-occlusion';

export function OcclusionBadge() {
  useOcclusion();
  const o = useStore((s) => s.occlusion);
  if (!o || o.phase === 'loading') return null;
  if (o.phase === 'failed')
    return (
      <span className="mono" data-testid="occlusion-verdict" data-verdict="UNKNOWN" title={o.message}>
        occlusion: {o.code}
      </span>
    );
  const { verdict, windows_above, exact_regions, visible_area, target_area } = o.occlusion;
  const above = windows_above.map((w) => `${w.package_name ?? w.type} (layer ${w.layer})`).join(', ');
  return (
    <span
      className={`mono occlusion-${verdict}`}
      data-testid="occlusion-verdict"
      data-verdict={verdict}
      title={`${visible_area} of ${target_area} px² touchable; ${exact_regions ? 'exact touchable regions (API ≥ 30)' : 'window bounds (API < 30)'}`}
    >
      {verdict}
      {above ? ` by ${above}` : ''}
    </span>
  );
}
