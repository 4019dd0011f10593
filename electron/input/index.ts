export { contactCapabilities, needsHold, needsMultiPointer, requiredCapability, type DispatchFigures, type DispatchOutcome, type InputBackend, type InputCapability } from './input-backend';
export { HelperInput } from './helper-input';
export { AdbShellInput, adbInputCommand, type ShellRunner } from './adb-input';
export { ScrcpyInput, videoPixelFor, type ScrcpyInputTarget } from './scrcpy-input';
