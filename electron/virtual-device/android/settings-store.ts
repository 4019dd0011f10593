// `settings` namespaces (system, secure, global) with the values tools commonly read.

export type SettingsNamespace = 'system' | 'secure' | 'global';

export class SettingsStore {
  private readonly values: Record<SettingsNamespace, Map<string, string>>;

  constructor(deviceName: string, androidId: string) {
    this.values = {
      system: new Map([
        ['accelerometer_rotation', '0'], ['font_scale', '1.0'], ['screen_brightness', '102'], ['screen_off_timeout', '600000'],
        ['user_rotation', '0'],
      ]),
      secure: new Map([
        ['android_id', androidId], ['default_input_method', 'com.android.inputmethod.latin/.LatinIME'], ['show_ime_with_hard_keyboard', '0'],
      ]),
      global: new Map([
        ['adb_enabled', '1'], ['animator_duration_scale', '1.0'], ['development_settings_enabled', '1'], ['device_name', deviceName],
        ['stay_on_while_plugged_in', '0'], ['transition_animation_scale', '1.0'], ['window_animation_scale', '1.0'],
      ]),
    };
  }

  static isNamespace(ns: string): ns is SettingsNamespace {
    return ns === 'system' || ns === 'secure' || ns === 'global';
  }

  get(ns: SettingsNamespace, key: string): string | null {
    return this.values[ns].get(key) ?? null;
  }

  put(ns: SettingsNamespace, key: string, value: string): void {
    this.values[ns].set(key, value);
  }

  delete(ns: SettingsNamespace, key: string): boolean {
    return this.values[ns].delete(key);
  }

  list(ns: SettingsNamespace): Array<[string, string]> {
    return [...this.values[ns].entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  }
}
