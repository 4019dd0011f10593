// Calibrated drag: the operator builds a drag to a VALUE on the mirror. Each state arms one pick (one file per
// state); a click picks from the observed nodes (picks.ts) and returns to idle, where a click picks the next
// part still missing (start → anchor A → anchor B → indicator for a pan → readout). Esc or an interrupt
// disarms a pick without touching the draft. Nothing is sent from the stage: Send is the builder's button.
import { parseValue } from '../../../shared/calibration';
import type { ValueFeedback } from '../../../shared/actions';
import { Tool, type PointerInfo } from '../state-node';
import type { ToolContext } from '../tool-context';
import type { CalibratedDraft, Pick, PickedPoint } from './draft';
import { CalibratedIdle } from './idle';
import { PickingAnchor } from './picking-anchor';
import { PickingIndicator } from './picking-indicator';
import { PickingReadout } from './picking-readout';
import { PickingStart } from './picking-start';
import {
  indicatorWithin,
  isIndicator,
  isRangeControl,
  nodeCentre,
  nodeLabel,
  pickAny,
  pickHandle,
  pickValueNode,
  proposeAxis,
  proposeMode,
} from './picks';

const pixel = (e: PointerInfo): PickedPoint => ({
  x: e.device.x,
  y: e.device.y,
  label: `px (${e.device.x}, ${e.device.y})`,
});

/** The builder's states: each picking state arms one part; picking-anchor enters with the anchor's index. */
export interface CalibratedStates {
  idle: void;
  'picking-start': void;
  'picking-anchor': { index: 0 | 1 };
  'picking-indicator': void;
  'picking-readout': void;
}

export class CalibratedDragTool extends Tool<CalibratedStates> {
  readonly id = 'calibrated-drag';
  readonly label = 'Calib';
  readonly shortcut = 'K';
  /** Which anchor the picking-anchor state picks (the builder highlights its row). */
  armedAnchor: 0 | 1 = 0;
  readonly hint = 'Calibrated drag: pick a handle, two scale marks and a target value; preview, send, correct (K)';
  constructor(readonly ctx: ToolContext) {
    super();
    this.init<CalibratedDragTool>({
      idle: CalibratedIdle,
      'picking-start': PickingStart,
      'picking-anchor': PickingAnchor,
      'picking-indicator': PickingIndicator,
      'picking-readout': PickingReadout,
    });
  }

  /** Arms one pick (the builder's Pick buttons, or idle's next missing part). */
  arm(pick: Pick): void {
    if (pick.state === 'picking-anchor') this.transition('picking-anchor', pick.info);
    else this.transition(pick.state);
  }

  /** The handle / start snaps to the control's centre; axis and mode are proposed from it. */
  pickStart(e: PointerInfo): void {
    const nodes = this.ctx.nodes();
    const node = pickHandle(nodes, e.device.x, e.device.y);
    if (!node) {
      this.ctx.updateCalibratedDraft({ start: pixel(e), startIsRange: false });
      return;
    }
    const [x, y] = nodeCentre(node);
    const mode = proposeMode(nodes, node);
    const patch: Partial<CalibratedDraft> = {
      start: { x, y, label: nodeLabel(node) },
      axis: proposeAxis(node),
      mode,
      startIsRange: isRangeControl(node),
    };
    const indicator = mode === 'pan' ? indicatorWithin(nodes, node) : null;
    if (indicator) patch.indicator = { ...toPoint(nodeCentre(indicator)), label: nodeLabel(indicator) };
    if (isRangeControl(node) && node.native_selector)
      patch.readout = { selector: node.native_selector, format: 'range', label: `${nodeLabel(node)} (range)` };
    this.ctx.updateCalibratedDraft(patch);
  }

  /** A text node whose text is a value gives position and value; elsewhere the position, and the value is typed. */
  pickAnchor(index: 0 | 1, e: PointerInfo): void {
    const d = this.ctx.calibratedDraft();
    const node = pickValueNode(this.ctx.nodes(), e.device.x, e.device.y);
    const anchors: CalibratedDraft['anchors'] = [...d.anchors];
    anchors[index] = node
      ? {
          point: { ...exactCentre(node.bounds_px), label: `${nodeLabel(node)} "${node.text.trim()}"` },
          text: node.text.trim(),
          source: 'node',
          nodeId: node.resource_id,
        }
      : { point: pixel(e), text: '', source: 'typed' };
    this.ctx.updateCalibratedDraft({ anchors });
    if (!node)
      this.ctx.notify(
        'info',
        `anchor ${index === 0 ? 'A' : 'B'} at px (${e.device.x}, ${e.device.y}): type its value in the builder`,
      );
  }

  /** The playhead node's centre, or the clicked position. */
  pickIndicator(e: PointerInfo): void {
    const node = pickAny(this.ctx.nodes(), e.device.x, e.device.y);
    const picked = node && isIndicator(node) ? { ...toPoint(nodeCentre(node)), label: nodeLabel(node) } : pixel(e);
    this.ctx.updateCalibratedDraft({ indicator: picked });
  }

  /** The readout is bound by its native selector (never its changing text); its format is detected from its text. */
  pickReadout(e: PointerInfo): void {
    const node = pickAny(this.ctx.nodes(), e.device.x, e.device.y);
    if (!node?.native_selector) {
      this.ctx.notify('error', `no readout at px (${e.device.x}, ${e.device.y}): pick a node that shows the value`);
      return;
    }
    let format: ValueFeedback['value_format'];
    if (isRangeControl(node)) format = 'range';
    else {
      const v = parseValue(node.text);
      if (!v || v.format.kind === 'minutes') {
        this.ctx.notify(
          'error',
          `${nodeLabel(node)} shows "${node.text}", which value feedback cannot read (a number, a percentage or HH:MM:SS)`,
        );
        return;
      }
      format = v.format.kind === 'clock' ? 'clock' : 'number';
    }
    this.ctx.updateCalibratedDraft({
      readout: { selector: node.native_selector, format, label: `${nodeLabel(node)} (${format})` },
    });
  }
}

const toPoint = ([x, y]: [number, number]) => ({ x, y });
/** An anchor keeps the exact centre (a 4 px wide mark [538, 542) centres on 540; an odd width on a half pixel). */
const exactCentre = (b: readonly [number, number, number, number]) => ({ x: (b[0] + b[2]) / 2, y: (b[1] + b[3]) / 2 });
