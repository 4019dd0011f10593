// The lab state as `dumpsys tactile_lab` prints it: every control keyed by its resource id.
import { formatClock } from './clock-format';
import type { LabState } from './state';
import { labId } from './view-spec';

export function labStateJson(s: LabState, now: number, focusedActivity: string | null): Record<string, unknown> {
  const e = s.edit;
  const clicks = (name: string) => s.clicks[labId(name)] ?? 0;
  const button = (name: string) => ({ click_count: clicks(name) });
  return {
    package: 'com.tactile.lab',
    running: s.running,
    focused_activity: focusedActivity,
    screen: s.foreground ? s.screen : 'launcher',
    time_ms: now,
    controls: {
      [labId('seekbar')]: { progress: s.seek, min: 0, max: 100 },
      [labId('timeline')]: {
        center_seconds: s.timeline.center,
        seconds_per_pixel: s.timeline.secondsPerPx,
        flinging: s.timeline.flinging,
        held: s.timeline.held,
      },
      [labId('current_time')]: { text: formatClock(s.timeline.center) },
      [labId('play_pause')]: {
        content_desc: s.timeline.playing ? 'Pause' : 'Play',
        playing: s.timeline.playing,
        click_count: clicks('play_pause'),
      },
      [labId('edit_text')]: {
        text: e.text,
        selection_start: e.selStart,
        selection_end: e.selEnd,
        focused: e.focused,
        submitted: [...e.submitted],
      },
      [labId('checkbox')]: { checked: s.checkbox, click_count: clicks('checkbox') },
      [labId('switch')]: { checked: s.switchOn, click_count: clicks('switch') },
      [labId('list')]: {
        scroll_y: s.list.offset,
        max_scroll_y: s.list.max,
        selected_row: s.selectedRow,
        moving: s.list.moving,
      },
      [labId('panel')]: { open: s.panelOpen, hides_at_ms: s.panelOpen ? s.panelHideAt : null },
      [labId('panel_slider')]: { progress: s.panelSlider, min: 0, max: 100 },
      [labId('panel_open')]: button('panel_open'),
      [labId('second_screen_button')]: button('second_screen_button'),
      [labId('dense_button')]: button('dense_button'),
      [labId('covered_button')]: button('covered_button'),
      [labId('partly_covered_button')]: button('partly_covered_button'),
      [labId('map')]: {
        scale: s.map.scale,
        rotation: s.map.rotationDeg,
        pan_x: s.map.panX,
        pan_y: s.map.panY,
        pointer_count: s.map.maxPointers,
        pointers_down: s.map.pointersDown,
      },
      [labId('map_button')]: button('map_button'),
      'com.tactile.overlay:id/overlay_root': { visible: s.overlayVisible, touch_count: s.overlayTouches },
    },
    clicks: { ...s.clicks },
    system: {
      recents: s.system.recents,
      shade: s.system.shade,
      screen_on: s.system.screenOn,
      panel_on: s.system.panelOn,
      volume: s.system.volume,
      volume_panel: s.system.volumeUntil > 0,
    },
  };
}
