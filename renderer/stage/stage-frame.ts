// The stage's frame: what floats along its sides, and so where the fitted picture may go. The view rail (tools,
// overlay filters, windows, the mirror's status and the pointer readout) takes the left edge, the zoom HUD
// the right one; the picture is fitted between them (shared/geometry fitCamera with these insets), so nothing
// on a rail — a long window list, a message, a tool's state — can cover or move the fitted picture.
import type { Insets } from '../../shared/geometry';

export const VIEW_RAIL_PX = 140;
export const HUD_RAIL_PX = 64;
/** Stage pixels between the fitted picture and the area's nearer edges. */
export const FIT_MARGIN_PX = 8;

export const STAGE_INSETS: Insets = { left: VIEW_RAIL_PX, right: HUD_RAIL_PX, top: 0, bottom: 0 };
