// erase_one_char: erase one character in the focused field; no arguments.
import { z } from 'zod';

export const EraseOneCharArgsSchema = z.strictObject({});
