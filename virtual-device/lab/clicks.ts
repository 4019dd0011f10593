// What a click (touch release inside, or ACTION_CLICK) does to each lab control.
import { PANEL_HIDE_MS, type LabState } from './state';
import { runSync } from './sync';
import { RECENTS_CLEAR_ALL_ID, RECENTS_EMPTY_ID, SHADE_SCRIM_ID } from './system-ui';
import { labId } from './view-spec';

export type ClickLog = Parameters<typeof runSync>[1];

export function applyClick(
  s: LabState,
  id: string,
  now: number,
  launchApp: () => void,
  removeTask: () => void,
  log: ClickLog = () => undefined,
): void {
  s.clicks[id] = (s.clicks[id] ?? 0) + 1;
  const row = /:id\/row_(\d+)$/.exec(id);
  if (row) s.selectedRow = Number(row[1]);
  switch (id) {
    case labId('play_pause'):
      s.timeline.playing = !s.timeline.playing;
      break;
    case labId('checkbox'):
      s.checkbox = !s.checkbox;
      break;
    case labId('switch'):
      s.switchOn = !s.switchOn;
      break;
    case labId('panel_open'):
      s.panelOpen = true;
      s.panelHideAt = now + PANEL_HIDE_MS;
      break;
    case labId('panel_close'):
      s.panelOpen = false;
      break;
    case labId('second_screen_button'):
      s.screen = 'details';
      break;
    case labId('dense_button'):
      s.screen = 'grid';
      break;
    case labId('sync_button'):
      runSync(s.sync, log);
      break;
    case labId('map_button'):
      s.screen = 'map';
      break;
    case labId('navigate_up'):
      s.screen = 'main';
      break;
    case labId('edit_text'):
      if (!s.edit.focused) s.edit.moveCursor(s.edit.text.length);
      s.edit.focused = true;
      break;
    case 'com.android.launcher3:id/icon':
      launchApp();
      break;
    // Recents (cards are lab.ts's: they name their task): Clear all removes every task; empty space goes home.
    case RECENTS_CLEAR_ALL_ID:
      removeTask();
      s.system.app = null;
      s.system.appFront = false;
      s.system.recents = false;
      break;
    case RECENTS_EMPTY_ID:
      s.system.recents = false;
      s.system.appFront = false;
      s.foreground = false;
      break;
    case SHADE_SCRIM_ID:
      s.system.shade = 'none';
      break;
  }
}
