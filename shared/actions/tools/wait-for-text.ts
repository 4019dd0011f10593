// wait_for_text: wait for text to appear on or disappear from the screen. The seed's description names
// the two states; Tactile enforces them as an enum.
import { z } from 'zod';
import { text16 } from '../../limits/utf16';
import { MAX_MATCH_TEXT, MAX_TIMEOUT_MS } from '../bounds';

export const TEXT_WAIT_STATES = ['appear', 'disappear'] as const;

export const WaitForTextArgsSchema = z.strictObject({
  text: text16(MAX_MATCH_TEXT),
  wait_state: z.enum(TEXT_WAIT_STATES).default('appear'),
  /** Tightening: 1..30000 ms, wait_until's range. */
  timeout_ms: z.int().min(1).max(MAX_TIMEOUT_MS).default(5000),
});
