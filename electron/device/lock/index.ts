export { DeviceLocks, DeviceLockHandle, type AcquireResult, type LockStatus, type LockTarget } from './device-lock';
