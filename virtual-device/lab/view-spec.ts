// A declarative view tree the lab rebuilds from its state; snapshot.ts turns it into accessibility
// nodes, the touch router hit-tests it and the drawing paints it — one source of truth.
import type { A11yActionName, A11yFlags, A11yWindow, A11yWindowType, RangeInfo, Rect, WidgetKind } from './types';

/** How a view reacts to touch (the lab's gesture routing). */
export type TouchRole = 'click' | 'seek' | 'timeline' | 'scroll' | 'edit' | 'panel' | 'map';

export interface ViewSpec {
  class_name: string;
  resource_id?: string;
  text?: string;
  content_desc?: string;
  hint?: string;
  /** True while an EditText's accessibility text is its hint. */
  showing_hint?: boolean;
  widget: WidgetKind;
  bounds: Rect;
  flags?: Partial<A11yFlags>;
  range?: RangeInfo;
  actions?: A11yActionName[];
  selection?: { start: number; end: number };
  ime_action?: string;
  touch?: TouchRole;
  /** Children are clipped to this view (scrolling containers). */
  clips?: boolean;
  children?: ViewSpec[];
}

/** An accessibility window before snapshot.ts numbers its nodes: the lab draws no input method window. */
export interface WindowSpec extends Omit<A11yWindow, 'type' | 'root'> {
  type: Exclude<A11yWindowType, 'TYPE_INPUT_METHOD'>;
  root: ViewSpec;
}

export const LAB_PACKAGE = 'com.tactile.lab';
export const OVERLAY_PACKAGE = 'com.tactile.overlay';
export const LAUNCHER_PACKAGE = 'com.android.launcher3';
/** Quickstep's home activity (Recents is its overview state, not an activity of its own). */
export const LAUNCHER_ACTIVITY = `${LAUNCHER_PACKAGE}.uioverrides.QuickstepLauncher`;
export const SYSTEMUI_PACKAGE = 'com.android.systemui';

/** `com.tactile.lab:id/NAME`. */
export const labId = (name: string): string => `${LAB_PACKAGE}:id/${name}`;
