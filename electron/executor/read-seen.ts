// What a read tool looked at, kept for its evidence: the last tree it read (as the helper's snapshot or a
// uiautomator observation, converted once at the end, not on every poll) and a screenshot it took itself
// (observe_screen with include_image, take_screenshot). The pipeline hands it to the evidence recorder after the
// tool returned, so a read's screen and tree are stored like an input's — and a screenshot the read already took
// is the one kept, never a second capture.
import { helperTree } from '../../shared/evidence/helper-tree';
import type { ObservedTree } from '../../shared/observation';
import type { UiSnapshot } from '../../shared/verify/snapshot';
import type { UiObservation } from './device-link';

export interface SeenByRead {
  /** The tree the read's answer came from (its last poll), null when it read none (a probe of one control). */
  tree: ObservedTree | null;
  /** A PNG the read took itself. */
  png: Buffer | null;
}

export class ReadSeen {
  private snapshot: UiSnapshot | null = null;
  private observation: UiObservation | null = null;
  private shot: Buffer | null = null;

  /** A seed-004 read (helper observe, or uiautomator converted to the helper's shape). */
  sawSnapshot(s: UiSnapshot): void {
    this.snapshot = s;
    this.observation = null;
  }

  /** A uiautomator observation (observe_screen, wait_for_text, get_ui_hierarchy without the helper). */
  sawObservation(o: UiObservation): void {
    this.observation = o;
    this.snapshot = null;
  }

  sawScreenshot(png: Buffer): void {
    this.shot = png;
  }

  result(): SeenByRead {
    const tree: ObservedTree | null = this.observation
      ? { screen: this.observation.screen, rotation: 0, nodes: this.observation.nodes }
      : this.snapshot
        ? helperTree(this.snapshot)
        : null;
    return { tree, png: this.shot };
  }
}
