export {
  DeviceLocks,
  DeviceLockHandle,
  withDeviceLock,
  type AcquireResult,
  type BusyReason,
  type DeviceBusy,
  type DeviceLocksOptions,
  type DispatchRefusal,
  type DispatchResult,
  type LockState,
  type LockStatus,
  type LockTarget,
} from './device-lock';
export { LockRecordSchema, type LockRecord } from './lock-record';
