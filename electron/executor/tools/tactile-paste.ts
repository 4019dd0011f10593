// tactile.paste: scrcpy SET_CLIPBOARD with paste over the console's mirror: the device clipboard takes the text
// (acknowledged), then the device presses PASTE into the focused field, replacing its selection. adb has no way
// to set the clipboard, so without a mirror nothing is sent.
import type { ToolArgs } from '../../../shared/actions';
import type { ExecContext } from '../context';
import { KEY_PRESS_EVENTS, mirrorControlOf, sendControl } from '../control-dispatch';
import type { Sent } from '../dispatch';
import { refused } from '../outcome';

export function tactilePaste(ctx: ExecContext, args: ToolArgs<'tactile.paste'>): Promise<Sent> {
  const control = mirrorControlOf(ctx);
  if (!control)
    return Promise.resolve(
      refused(
        'CAPABILITY_UNAVAILABLE',
        "a paste needs the live mirror (scrcpy's control socket sets the device clipboard): start the mirror, or type the text with input_text",
      ),
    );
  // The events: the PASTE key's down and up the device injects after setting its clipboard.
  return sendControl(ctx, control, KEY_PRESS_EVENTS, (c) => c.setClipboard(args.text, true));
}
