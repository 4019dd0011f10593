// `dumpsys SurfaceFlinger --display-id`: one line per physical display, its id and HWC port, as clients look up
// the display id `screencap -d` takes.
import type { SimulatedAndroid } from '../../../device';
import { PANEL } from './names';

export function dumpSurfaceFlinger(_android: SimulatedAndroid, args: readonly string[]): string {
  const id = PANEL.uniqueId.replace(/^local:/, '');
  const line = `Display ${id} (HWC display 0): port=${PANEL.port} pnpId=GGL displayName="${PANEL.name}"\n`;
  if (args.includes('--display-id')) return line;
  return `Build configuration: [sf PRESENT_TIME_OFFSET=0 FORCE_HWC_FOR_RBG_TO_YUV=1 MAX_VIRT_DISPLAY_DIM=0 RUNNING_WITHOUT_SYNC_FRAMEWORK=0 NUM_FRAMEBUFFER_SURFACE_BUFFERS=3]\n\nDisplay identification data:\n${line}`;
}
