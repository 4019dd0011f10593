// control_action: one supported native action on a freshly resolved unique control (text up to 65536).
import { z } from 'zod';
import { controlRequestShape } from '../control-request';

export const ControlActionArgsSchema = z.strictObject(controlRequestShape(65536));
