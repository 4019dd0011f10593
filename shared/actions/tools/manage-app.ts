// manage_app: launch or stop an app by display name or package. The seed's description ("Launch or stop")
// names the two actions; Tactile enforces them as an enum, as the agent dialect does.
import { z } from 'zod';
import { text16 } from '../../limits/utf16';
import { MAX_NAME } from '../bounds';

export const APP_ACTIONS = ['launch', 'stop'] as const;

export const ManageAppArgsSchema = z.strictObject({
  action: z.enum(APP_ACTIONS),
  app_name: text16(MAX_NAME),
});
