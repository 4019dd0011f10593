// erase_one_char: one DEL key in the focused field.
import type { ExecContext } from '../context';
import type { Outcome } from '../outcome';
import { keyevent } from './press-key';

export function eraseOneChar(ctx: ExecContext): Promise<Outcome> {
  return keyevent(ctx, 'DEL');
}
