// MapActivity: a map-like view filling the content area under the toolbar. It is custom-drawn (draw-map.ts)
// and, like a real map view, exposes no scale or rotation to accessibility; `dumpsys tactile_lab` reports them.
import type { LabLayout } from './layout';
import { labId, type ViewSpec } from './view-spec';
import { toolbar } from './views-main';

export function buildMapScreen(l: LabLayout): ViewSpec[] {
  return [
    toolbar(l, 'Map', true),
    {
      class_name: 'android.view.View',
      resource_id: labId('map'),
      content_desc: 'Map',
      widget: 'map',
      bounds: l.content,
      touch: 'map',
    },
  ];
}
