// The device lock's status as the contract shows it: state and holder, without file paths or lock ids.
import type { LockView } from '../../shared/ipc';
import type { LockStatus } from '../device/lock';

export function lockView(status: LockStatus): LockView {
  const h = status.holder;
  return {
    serial: status.serial,
    state: status.state,
    holder: h ? { owner: h.owner, operation_id: h.operation_id, acquired_at: h.acquired_at } : null,
  };
}
