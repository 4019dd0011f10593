// wait_until: bounded read-only polling of one live native control (at most 30 s standalone).
import { z } from 'zod';
import { text16 } from '../../limits/utf16';
import { nullable } from '../primitives';
import { ControlSelectorSchema } from '../selector';
import { WAIT_STATES } from '../states';

export function waitUntilShape(limits: { maxTimeoutMs: number; defaultTimeoutMs: number }) {
  return {
    selector: ControlSelectorSchema,
    state: z.enum(WAIT_STATES),
    expected_text: nullable(text16(4096)),
    expected_value: nullable(z.number()),
    tolerance: z.number().min(0).default(0),
    stable_ms: z.int().min(0).max(5000).default(300),
    timeout_ms: z.int().min(1).max(limits.maxTimeoutMs).default(limits.defaultTimeoutMs),
    poll_interval_ms: z.int().min(50).max(1000).default(200),
  };
}

export const WaitUntilArgsSchema = z.strictObject(waitUntilShape({ maxTimeoutMs: 30000, defaultTimeoutMs: 5000 }));
