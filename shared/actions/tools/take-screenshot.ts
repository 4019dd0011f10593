// take_screenshot: the current screen as base64 (adapter-internal, no persistence).
import { z } from 'zod';
import { nullable } from '../primitives';

export const TakeScreenshotArgsSchema = z.strictObject({
  /** Tightening: a timeout must be positive. */
  timeout_ms: nullable(z.int().min(1)),
});
