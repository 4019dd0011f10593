// Group control: one manual call sent to every selected device at once, each through the executor under its
// own lock. Only normalized coordinates mean the same place on screens of different sizes, so a call with
// pixel-space coordinates (or selector bounds, raw pixels) is refused for every device before anything is sent;
// everything else is the executor's to judge per device (e.g. OFF_SCREEN there), with that device's receipt.
import { coordinateUses } from '../../shared/flows';
import type { TactileError } from '../../shared/errors';
import type { Receipt } from '../../shared/receipts';
import { validateToolCall } from '../../shared/validation';
import type { StepExecutor } from './replay';
import type { Owner } from '../../shared/receipts';

export interface GroupResult {
  serial: string;
  receipt: Receipt | null;
  error: TactileError | null;
}

/** The refusal of a call that carries pixel-space coordinates, or null. */
export function pixelRefusal(envelope: unknown): TactileError | null {
  const checked = validateToolCall(envelope);
  if (!checked.ok) return null;
  const pixel = coordinateUses(checked.call).find((u) => u.space === 'pixel');
  if (!pixel) return null;
  return {
    code: 'INVALID_ARGUMENT',
    path: pixel.path,
    message:
      'Group control sends normalized coordinates only (they scale to each screen); this call has pixel coordinates here. Nothing was sent.',
  };
}

export async function groupDispatch(
  executor: StepExecutor,
  owner: Owner,
  serials: readonly string[],
  envelope: unknown,
  onReceipt?: (r: Receipt) => void,
): Promise<GroupResult[]> {
  const refusal = pixelRefusal(envelope);
  if (refusal) return serials.map((serial) => ({ serial, receipt: null, error: refusal }));
  return Promise.all(
    serials.map(async (serial) => {
      const receipt = await executor.run(envelope, { serial, owner });
      onReceipt?.(receipt);
      return { serial, receipt, error: null };
    }),
  );
}
