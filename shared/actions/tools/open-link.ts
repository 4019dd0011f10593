// open_link: open a URL on the device.
import { z } from 'zod';
import { text16 } from '../../limits/utf16';
import { MAX_URL } from '../bounds';

export const OpenLinkArgsSchema = z.strictObject({
  url: text16(MAX_URL),
});
