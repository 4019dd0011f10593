// The lab's main screen as a view tree, laid out by layout.ts.
import { formatClock } from './clock-format';
import type { LabLayout } from './layout';
import { rect } from './rect';
import { timelineChildren } from './timeline-nodes';
import { ROW_COUNT, type LabState } from './state';
import type { A11yActionName } from './types';
import { labId, type ViewSpec } from './view-spec';

const CLICK: A11yActionName[] = ['ACTION_FOCUS', 'ACTION_CLICK'];

export function button(name: string, text: string, bounds: ViewSpec['bounds']): ViewSpec {
  return {
    class_name: 'android.widget.Button',
    resource_id: labId(name),
    text,
    widget: 'button',
    bounds,
    touch: 'click',
    flags: { clickable: true, focusable: true },
    actions: CLICK,
  };
}

export function textView(
  name: string | undefined,
  text: string,
  bounds: ViewSpec['bounds'],
  widget: ViewSpec['widget'] = 'text',
): ViewSpec {
  return { class_name: 'android.widget.TextView', ...(name ? { resource_id: labId(name) } : {}), text, widget, bounds };
}

export function seekBar(name: string, progress: number, bounds: ViewSpec['bounds'], sdk: number): ViewSpec {
  const actions: A11yActionName[] = ['ACTION_FOCUS'];
  if (progress > 0) actions.push('ACTION_SCROLL_BACKWARD');
  if (progress < 100) actions.push('ACTION_SCROLL_FORWARD');
  if (sdk >= 24) actions.push('ACTION_SET_PROGRESS');
  return {
    class_name: 'android.widget.SeekBar',
    resource_id: labId(name),
    widget: 'seekbar',
    bounds,
    touch: 'seek',
    flags: { focusable: true },
    range: { type: 'int', min: 0, max: 100, current: progress },
    actions,
  };
}

export function toolbar(l: LabLayout, title: string, withUp: boolean): ViewSpec {
  const children: ViewSpec[] = [];
  const d = (v: number) => Math.round(v * l.u);
  if (withUp) {
    children.push({
      class_name: 'android.widget.ImageButton',
      resource_id: labId('navigate_up'),
      content_desc: 'Navigate up',
      widget: 'image_button',
      bounds: rect(d(12), l.appBar.top + d(15), d(132), l.appBar.bottom - d(15)),
      touch: 'click',
      flags: { clickable: true, focusable: true },
      actions: CLICK,
    });
  }
  const titleLeft = withUp ? d(160) : d(48);
  children.push(
    textView(
      'toolbar_title',
      title,
      rect(titleLeft, l.appBar.top + d(40), l.width - d(48), l.appBar.bottom - d(40)),
      'title',
    ),
  );
  return {
    class_name: 'android.view.ViewGroup',
    resource_id: labId('toolbar'),
    widget: 'app_bar',
    bounds: l.appBar,
    children,
  };
}

export function buildMainScreen(s: LabState, l: LabLayout, sdk: number): ViewSpec[] {
  const e = s.edit;
  const editActions: A11yActionName[] = [
    'ACTION_FOCUS',
    'ACTION_CLICK',
    'ACTION_LONG_CLICK',
    'ACTION_SET_TEXT',
    'ACTION_SET_SELECTION',
  ];
  if (e.focused) editActions[0] = 'ACTION_CLEAR_FOCUS';
  if (e.focused && sdk >= 30) editActions.push('ACTION_IME_ENTER');
  const children: ViewSpec[] = [
    toolbar(l, 'Tactile Lab', false),
    {
      class_name: 'android.widget.ImageButton',
      resource_id: labId('play_pause'),
      content_desc: s.timeline.playing ? 'Pause' : 'Play',
      widget: 'image_button',
      bounds: l.playPause,
      touch: 'click',
      flags: { clickable: true, focusable: true },
      actions: CLICK,
    },
    textView('current_time', formatClock(s.timeline.center), l.currentTime, 'readout'),
    {
      class_name: 'android.view.View',
      resource_id: labId('timeline'),
      content_desc: 'Video timeline',
      widget: 'timeline',
      bounds: l.timeline,
      touch: 'timeline',
      children: timelineChildren(l.timeline, s.timeline, l.u),
    },
    textView('seekbar_label', 'Volume', l.seekLabel),
    textView('seekbar_value', String(s.seek), l.seekValue),
    seekBar('seekbar', s.seek, l.seekbar, sdk),
    {
      class_name: 'android.widget.EditText',
      resource_id: labId('edit_text'),
      text: e.text === '' && sdk >= 26 ? e.hint : e.text,
      hint: e.hint,
      showing_hint: e.text === '' && sdk >= 26,
      widget: 'edit_text',
      bounds: l.editText,
      touch: 'edit',
      flags: { clickable: true, focusable: true, long_clickable: true, editable: true, focused: e.focused },
      actions: editActions,
      selection: { start: e.selStart, end: e.selEnd },
      ime_action: 'done',
    },
    textView(
      'submitted_text',
      `Submitted: ${e.submitted.length ? e.submitted[e.submitted.length - 1] : '—'}`,
      l.submitted,
    ),
    {
      class_name: 'android.widget.CheckBox',
      resource_id: labId('checkbox'),
      text: 'Subtitles',
      widget: 'checkbox',
      bounds: l.checkbox,
      touch: 'click',
      flags: { clickable: true, focusable: true, checkable: true, checked: s.checkbox },
      actions: CLICK,
    },
    {
      class_name: 'android.widget.Switch',
      resource_id: labId('switch'),
      text: 'Loop',
      widget: 'switch',
      bounds: l.switchView,
      touch: 'click',
      flags: { clickable: true, focusable: true, checkable: true, checked: s.switchOn },
      actions: CLICK,
    },
    button('panel_open', 'Controls', l.panelOpen),
    button('second_screen_button', 'Details', l.secondScreen),
    button('dense_button', 'Grid', l.dense),
    button('covered_button', 'Covered', l.covered),
    button('partly_covered_button', 'Partly covered', l.partlyCovered),
    buildList(s, l),
  ];
  if (s.panelOpen) {
    children.push({
      class_name: 'android.widget.LinearLayout',
      resource_id: labId('panel'),
      widget: 'panel',
      bounds: l.panel,
      touch: 'panel',
      children: [
        textView('panel_title', 'Quick controls', l.panelTitle, 'title'),
        seekBar('panel_slider', s.panelSlider, l.panelSlider, sdk),
        button('panel_close', 'Close', l.panelClose),
      ],
    });
  }
  return children;
}

function buildList(s: LabState, l: LabLayout): ViewSpec {
  const rows: ViewSpec[] = [];
  const viewportH = l.list.bottom - l.list.top;
  s.list.setMax(ROW_COUNT * l.rowHeight - viewportH);
  const first = Math.max(0, Math.floor(s.list.offset / l.rowHeight));
  for (let i = first; i < ROW_COUNT; i++) {
    const top = Math.round(l.list.top + i * l.rowHeight - s.list.offset);
    if (top >= l.list.bottom) break;
    rows.push({
      class_name: 'android.widget.TextView',
      resource_id: labId(`row_${i}`),
      text: `Row ${i}`,
      widget: 'row',
      bounds: rect(l.list.left, top, l.list.right, top + l.rowHeight),
      touch: 'click',
      flags: { clickable: true, focusable: true, selected: s.selectedRow === i },
      actions: ['ACTION_FOCUS', 'ACTION_CLICK', 'ACTION_SHOW_ON_SCREEN'],
    });
  }
  const actions: A11yActionName[] = [];
  if (s.list.offset > 0) actions.push('ACTION_SCROLL_BACKWARD');
  if (s.list.offset < s.list.max) actions.push('ACTION_SCROLL_FORWARD');
  return {
    class_name: 'androidx.recyclerview.widget.RecyclerView',
    resource_id: labId('list'),
    widget: 'list',
    bounds: l.list,
    touch: 'scroll',
    clips: true,
    flags: { focusable: true, scrollable: true },
    actions,
    children: rows,
  };
}
