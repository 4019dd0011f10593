// Push a file (or an APK to install) in contract chunks, each sent once main's adb stream took the previous
// one; progress comes from main's events. Pull saves under exports and offers a download. Cancel asks main to
// stop and remove what was written; the chunk loop then ends on its refusal. An APK's install is the
// executor's tactile.install_app, run by main once the push is complete: its receipt says how it went, and
// is the operator's call like any other (recorded while recording, the last call "+ Step" adds).
import { operatorCall } from '../../../shared/actions';
import { TRANSFER_CHUNK_BYTES } from '../../../shared/ipc';
import { succeeded, type Receipt } from '../../../shared/receipts';
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { afterSend, beforeSend } from '../recorder/session';
import { offerDownload } from './download';
import { useTransfers } from './transfers-store';

const newId = () => crypto.randomUUID();

export interface PushResult {
  ok: boolean;
  /** For an APK: the install outcome in words. */
  text: string;
}

export async function pushFile(serial: string, file: File, kind: 'file' | 'apk', dir: string): Promise<PushResult> {
  const id = newId();
  const store = useTransfers.getState();
  store.add({
    id,
    name: file.name,
    direction: kind === 'apk' ? 'install' : 'push',
    phase: 'queued',
    done: 0,
    total: file.size,
    message: null,
  });
  try {
    await api().request('transfer.push-begin', {
      serial,
      kind,
      dir,
      name: file.name,
      size: file.size,
      transfer_id: id,
    });
    for (let offset = 0; offset < file.size; offset += TRANSFER_CHUNK_BYTES) {
      const data = new Uint8Array(await file.slice(offset, offset + TRANSFER_CHUNK_BYTES).arrayBuffer());
      await api().request('transfer.push-chunk', { transfer_id: id, offset, data });
    }
    // Only the device in view records (as for every send): the screen before the install is the step's context.
    const inView = kind === 'apk' && serial === useStore.getState().selectedSerial;
    const snapshot = inView ? await beforeSend() : null;
    const end = await api().request('transfer.push-end', { transfer_id: id });
    if (!end.install) {
      useTransfers.getState().update(id, { phase: 'done', done: file.size, message: end.path });
      return { ok: true, text: `${file.name} → ${end.path}` };
    }
    const { receipt } = end.install;
    if (inView) {
      const call = operatorCall({ kind: 'install', path: end.path });
      useStore.getState().setLastManualCall(call);
      afterSend(call, receipt, snapshot);
    }
    const ok = succeeded(receipt);
    const text = ok ? `Installed ${end.install.package ?? file.name}.` : installFailure(receipt);
    useTransfers.getState().update(id, { phase: ok ? 'done' : 'failed', done: file.size, message: text });
    return { ok, text };
  } catch (error) {
    const row = useTransfers.getState().rows.find((r) => r.id === id);
    // A cancel ends the chunk loop with a refusal; main's 'cancelled' event (after removing the partial file) ends the row.
    if (row?.cancelling || row?.phase === 'cancelled') return { ok: false, text: `${file.name}: cancelled` };
    const text = `${file.name}: ${errorText(error)}`;
    useTransfers.getState().update(id, { phase: 'failed', message: text });
    return { ok: false, text };
  }
}

/** A failed install in words: pm's INSTALL_* code and its meaning, or why pm did not run, or that nobody knows. */
function installFailure(r: Receipt): string {
  const why = r.message ?? r.code ?? r.status;
  return r.status === 'unknown' ? `Outcome unknown: ${why}` : why;
}

export async function pullFile(serial: string, path: string): Promise<void> {
  const id = newId();
  const name = path.split('/').pop() ?? path;
  useTransfers.getState().add({ id, name, direction: 'pull', phase: 'queued', done: 0, total: 0, message: null });
  try {
    const saved = await api().request('files.pull', { serial, path, transfer_id: id });
    useTransfers.getState().update(id, { phase: 'done', message: `saved to ${saved.path}` });
    offerDownload(saved.name, saved.data, 'application/octet-stream');
  } catch (error) {
    const row = useTransfers.getState().rows.find((r) => r.id === id);
    if (!row?.cancelling) useTransfers.getState().update(id, { phase: 'failed', message: errorText(error) });
  }
}

export function cancelTransfer(id: string): void {
  useTransfers.getState().update(id, { cancelling: true, message: 'cancelling…' });
  void api()
    .request('transfer.cancel', { transfer_id: id })
    .catch(() => undefined);
}
