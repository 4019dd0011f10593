// The internal display's viewport as DisplayManagerService hands it to input: what LogicalDisplay.
// configureDisplayLocked computes from the logical size (after `wm size`), the rotation and the panel.
import type { DisplayInfo } from '../../../device';

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Viewport {
  orientation: number;
  /** The layer stack rect: the logical display in its current orientation. */
  logicalFrame: Box;
  /** Where the logical display lands on the rotated panel (letter- or pillar-boxed when the aspect differs). */
  physicalFrame: Box;
  /** The panel's size in the current orientation. */
  deviceWidth: number;
  deviceHeight: number;
}

export function internalViewport(d: DisplayInfo): Viewport {
  const turned = d.rotation % 2 === 1;
  const physWidth = turned ? d.physicalHeight : d.physicalWidth;
  const physHeight = turned ? d.physicalWidth : d.physicalHeight;
  // As AOSP: compare the two scale factors by cross-multiplying, then truncate as Java's int division does.
  let width: number;
  let height: number;
  if (physWidth * d.height < physHeight * d.width) {
    width = physWidth;
    height = Math.trunc((d.height * physWidth) / d.width);
  } else {
    width = Math.trunc((d.width * physHeight) / d.height);
    height = physHeight;
  }
  const top = Math.trunc((physHeight - height) / 2);
  const left = Math.trunc((physWidth - width) / 2);
  return {
    orientation: d.rotation,
    logicalFrame: { left: 0, top: 0, right: d.width, bottom: d.height },
    physicalFrame: { left, top, right: left + width, bottom: top + height },
    deviceWidth: physWidth,
    deviceHeight: physHeight,
  };
}
