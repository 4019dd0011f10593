// get_ui_hierarchy: the raw UI element hierarchy (adapter-internal).
import { z } from 'zod';
import { MAX_TIMEOUT_MS } from '../bounds';
import { nullable } from '../primitives';

export const GetUiHierarchyArgsSchema = z.strictObject({
  /** Tightening: 1..30000 ms. */
  timeout_ms: nullable(z.int().min(1).max(MAX_TIMEOUT_MS)),
});
