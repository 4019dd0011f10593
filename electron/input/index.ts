export { AdbShellInput } from './adb-input';
