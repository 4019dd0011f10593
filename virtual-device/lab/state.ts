// Everything the lab app remembers. Pure data plus the small widget models; no drawing, no input routing.
import { MapModel } from './map-model';
import { ScrollModel } from './scroll-model';
import { TextField } from './text-field';
import { initialSync, type SyncState } from './sync';
import { TimelineModel } from './timeline-model';
import { initialSystemUi, type SystemUi } from './system-ui';

export type LabScreen = 'main' | 'details' | 'grid' | 'map';

export const ACTIVITIES: Record<LabScreen, string> = {
  main: 'com.tactile.lab.MainActivity',
  details: 'com.tactile.lab.DetailsActivity',
  grid: 'com.tactile.lab.GridActivity',
  map: 'com.tactile.lab.MapActivity',
};

export const ROW_COUNT = 60;
/** The auto-hiding panel closes this long after the last touch on it. */
export const PANEL_HIDE_MS = 3000;

export interface LabState {
  /** Whether the lab's task is in front (false shows the launcher). */
  foreground: boolean;
  /** Whether the app process exists (am force-stop / pm clear end it). */
  running: boolean;
  screen: LabScreen;
  seek: number;
  panelSlider: number;
  timeline: TimelineModel;
  edit: TextField;
  checkbox: boolean;
  switchOn: boolean;
  list: ScrollModel;
  map: MapModel;
  selectedRow: number | null;
  panelOpen: boolean;
  panelHideAt: number;
  clicks: Record<string, number>;
  overlayVisible: boolean;
  overlayTouches: number;
  /** The Details screen's Sync action (sync.ts). */
  sync: SyncState;
  /** Recents, shade, volume and display power (the system around the app; survives the app's data wipe). */
  system: SystemUi;
}

export function initialState(now: number): LabState {
  return {
    foreground: true,
    running: true,
    screen: 'main',
    seek: 50,
    panelSlider: 30,
    timeline: new TimelineModel(now),
    edit: new TextField('Type a message'),
    checkbox: false,
    switchOn: false,
    list: new ScrollModel(0),
    map: new MapModel(),
    selectedRow: null,
    panelOpen: false,
    panelHideAt: 0,
    clicks: {},
    overlayVisible: true,
    overlayTouches: 0,
    sync: initialSync(),
    system: initialSystemUi(),
  };
}

/** Everything visible, as one comparable string: the version counter increments when it changes. */
export function visualFingerprint(s: LabState, extra: string): string {
  const t = s.timeline;
  return JSON.stringify([
    s.foreground,
    s.screen,
    s.seek,
    s.panelSlider,
    t.center,
    t.secondsPerPx,
    t.playing,
    s.edit.text,
    s.edit.selStart,
    s.edit.selEnd,
    s.edit.focused,
    s.edit.submitted.length,
    s.checkbox,
    s.switchOn,
    s.list.offset,
    s.selectedRow,
    s.panelOpen,
    s.overlayVisible,
    s.map.scale,
    s.map.rotationRad,
    s.map.panX,
    s.map.panY,
    s.sync.status,
    s.system,
    extra,
  ]);
}
