// open_link: open a URL on the device.
import { z } from 'zod';
import { MAX_URL } from '../bounds';

export const OpenLinkArgsSchema = z.strictObject({
  url: z.string().max(MAX_URL),
});
