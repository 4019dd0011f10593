// open_link: open a URL on the device.
import { z } from 'zod';

export const OpenLinkArgsSchema = z.strictObject({
  url: z.string(),
});
