// get_ui_hierarchy: the raw UI element hierarchy (adapter-internal).
import { z } from 'zod';
import { nullable } from '../primitives';

export const GetUiHierarchyArgsSchema = z.strictObject({
  /** Tightening: a timeout must be positive. */
  timeout_ms: nullable(z.int().min(1)),
});
