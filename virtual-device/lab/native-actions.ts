// AccessibilityNodeInfo.performAction for the lab's nodes: each action does what the real widget does
// and answers true/false as Android does (false when the node does not offer the action, the arguments
// are missing, or nothing would change where Android reports that).
import type { LabState } from './state';
import { ACTION_NAMES, type A11yNode, type NativeAction, type NativeActionArgs } from './types';
import { labId } from './view-spec';

export interface ActionHost {
  state: LabState;
  now(): number;
  listViewportHeight(): number;
  rowHeight(): number;
  clickRef(node: A11yNode): void;
  touchPanel(now: number): void;
}

const PANEL_REFS = new Set([labId('panel'), labId('panel_title'), labId('panel_slider'), labId('panel_close')]);

export function performNativeAction(
  host: ActionHost,
  node: A11yNode,
  action: NativeAction,
  args: NativeActionArgs = {},
): boolean {
  if (!node.actions.includes(ACTION_NAMES[action])) return false;
  const s = host.state;
  if (PANEL_REFS.has(node.ref)) host.touchPanel(host.now());
  const isEdit = node.ref === labId('edit_text');
  switch (action) {
    case 'click':
      host.clickRef(node);
      return true;
    case 'long_click':
      if (isEdit && s.edit.text.length > 0) s.edit.setSelection(0, s.edit.text.length);
      return true;
    case 'focus':
      s.edit.focused = isEdit;
      return true;
    case 'clear_focus':
      if (isEdit) s.edit.focused = false;
      return true;
    case 'set_progress': {
      if (typeof args.value !== 'number' || !Number.isFinite(args.value)) return false;
      return setProgress(s, node, Math.trunc(args.value));
    }
    case 'scroll_forward':
    case 'scroll_backward': {
      const sign = action === 'scroll_forward' ? 1 : -1;
      if (node.range) return setProgress(s, node, node.range.current + sign * 5);
      const before = s.list.offset;
      s.list.smoothScrollBy(host.now(), sign * host.listViewportHeight());
      return before !== Math.min(s.list.max, Math.max(0, before + sign * host.listViewportHeight()));
    }
    case 'set_text':
      s.edit.setText(args.text ?? '');
      return true;
    case 'set_selection': {
      const start = args.start ?? -1;
      const end = args.end ?? -1;
      if (s.edit.selStart === start && s.edit.selEnd === end) return false;
      if (start === -1 && end === -1) {
        s.edit.setSelection(-1, -1);
        return true;
      }
      if (!(
        Number.isInteger(start) &&
        Number.isInteger(end) &&
        start >= 0 &&
        start <= end &&
        end <= s.edit.text.length
      ))
        return false;
      s.edit.setSelection(start, end);
      return true;
    }
    case 'ime_enter':
      s.edit.submit();
      return true;
    case 'show_on_screen': {
      const m = /row_(\d+)$/.exec(node.ref);
      if (!m) return true;
      const top = Number(m[1]) * host.rowHeight();
      const viewport = host.listViewportHeight();
      const target =
        top < s.list.offset
          ? top
          : top + host.rowHeight() > s.list.offset + viewport
            ? top + host.rowHeight() - viewport
            : s.list.offset;
      if (target !== s.list.offset) s.list.smoothScrollBy(host.now(), target - s.list.offset);
      return true;
    }
  }
}

function setProgress(s: LabState, node: A11yNode, value: number): boolean {
  // Android's ProgressBar pins an out-of-range value to its range (the helper protocol refuses one before this).
  const v = Math.min(100, Math.max(0, value));
  if (node.ref === labId('panel_slider')) {
    if (v === s.panelSlider) return false;
    s.panelSlider = v;
    return true;
  }
  if (v === s.seek) return false;
  s.seek = v;
  return true;
}
