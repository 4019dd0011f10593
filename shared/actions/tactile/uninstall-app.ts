// tactile.uninstall_app: `pm uninstall` of one installed package, named exactly (never resolved from a label:
// removing the wrong app cannot be undone). manage_app launches and stops; seed 004's reset_app_data clears data.
import { z } from 'zod';
import { MAX_NAME } from '../bounds';

export const PACKAGE_NAME = /^[A-Za-z][\w]*(\.[A-Za-z][\w]*)+$/;

export const TactileUninstallAppArgsSchema = z.strictObject({
  package: z.string().max(MAX_NAME).regex(PACKAGE_NAME, 'expected a package name'),
});
