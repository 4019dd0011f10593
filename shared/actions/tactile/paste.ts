// tactile.paste: puts text on the device clipboard and pastes it into the focused field (scrcpy SET_CLIPBOARD
// with paste: the field's selection is replaced, as Ctrl+V does). Needs the live mirror's control socket.
import { z } from 'zod';
import { MAX_INPUT_TEXT } from '../bounds';

export const TactilePasteArgsSchema = z.strictObject({
  text: z.string().min(1).max(MAX_INPUT_TEXT),
});
