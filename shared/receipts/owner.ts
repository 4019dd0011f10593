// Who dispatched: the same identity is written into the device lock and into every receipt.
import { z } from 'zod';

export const OwnerSchema = z.strictObject({
  pid: z.int().min(1),
  hostname: z.string().min(1),
  /** The client's own name, e.g. "console", "cli", "mcp". */
  client: z.string().min(1).max(64),
});
export type Owner = z.infer<typeof OwnerSchema>;
