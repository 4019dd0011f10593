// tactile.paste: puts text on the device clipboard and pastes it into the focused field (scrcpy SET_CLIPBOARD
// with paste: the field's selection is replaced, as Ctrl+V does). Needs the live mirror's control socket.
import { z } from 'zod';
import { utf16Max } from '../../limits/utf16';
import { MAX_INPUT_TEXT } from '../bounds';

export const TactilePasteArgsSchema = z.strictObject({
  text: utf16Max(z.string().min(1), MAX_INPUT_TEXT),
});
