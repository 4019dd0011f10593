// take_screenshot: the current screen as base64 (adapter-internal, no persistence).
import { z } from 'zod';
import { MAX_TIMEOUT_MS } from '../bounds';
import { nullable } from '../primitives';

export const TakeScreenshotArgsSchema = z.strictObject({
  /** Tightening: 1..30000 ms. */
  timeout_ms: nullable(z.int().min(1).max(MAX_TIMEOUT_MS)),
});
