// Hands a file composed here (overlay drawn on) to main to save under exports, in chunks the bridge carries.
import { TRANSFER_CHUNK_BYTES } from '../../../shared/ipc';
import { api } from '../../app/api';

export async function saveComposed(
  name: string,
  data: Uint8Array,
): Promise<{ name: string; path: string; size: number }> {
  for (let offset = 0; ; offset += TRANSFER_CHUNK_BYTES) {
    const end = Math.min(offset + TRANSFER_CHUNK_BYTES, data.byteLength);
    const reply = await api().request('capture.save', {
      name,
      offset,
      data: data.subarray(offset, end),
      done: end === data.byteLength,
    });
    if (reply.saved) return reply.saved;
  }
}
