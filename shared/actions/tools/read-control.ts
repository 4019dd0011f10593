// read_control: read one live native control by an exact AND selector.
import { z } from 'zod';
import { ControlSelectorSchema } from '../selector';

export const ReadControlArgsSchema = z.strictObject({
  selector: ControlSelectorSchema,
});
