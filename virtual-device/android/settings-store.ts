// `settings` namespaces (system, secure, global) with the values tools commonly read.

export type SettingsNamespace = 'system' | 'secure' | 'global';

export class SettingsStore {
  private readonly values: Record<SettingsNamespace, Map<string, string>>;

  /** onChange runs after each put or delete, as a ContentObserver would (the display follows the rotation keys). */
  constructor(
    deviceName: string,
    androidId: string,
    private readonly onChange: (ns: SettingsNamespace, key: string) => void = () => {},
  ) {
    this.values = {
      system: new Map([
        ['accelerometer_rotation', '0'],
        ['font_scale', '1.0'],
        ['haptic_feedback_enabled', '1'],
        ['screen_brightness', '102'],
        ['screen_brightness_mode', '0'],
        ['screen_off_timeout', '600000'],
        ['sound_effects_enabled', '1'],
        ['user_rotation', '0'],
      ]),
      secure: new Map([
        ['android_id', androidId],
        ['default_input_method', 'com.android.inputmethod.latin/.LatinIME'],
        ['location_mode', '3'],
        ['show_ime_with_hard_keyboard', '0'],
        ['skip_first_use_hints', '1'],
      ]),
      global: new Map([
        ['adb_enabled', '1'],
        ['airplane_mode_on', '0'],
        ['animator_duration_scale', '1.0'],
        ['auto_time', '1'],
        ['auto_time_zone', '1'],
        ['development_settings_enabled', '1'],
        ['device_name', deviceName],
        ['device_provisioned', '1'],
        ['stay_on_while_plugged_in', '0'],
        ['transition_animation_scale', '1.0'],
        ['window_animation_scale', '1.0'],
        ['wifi_on', '1'],
        ['mobile_data', '1'],
        ['bluetooth_on', '1'],
        ['nfc_on', '0'],
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
    this.onChange(ns, key);
  }

  delete(ns: SettingsNamespace, key: string): boolean {
    const deleted = this.values[ns].delete(key);
    if (deleted) this.onChange(ns, key);
    return deleted;
  }

  list(ns: SettingsNamespace): Array<[string, string]> {
    return [...this.values[ns].entries()].sort(([a], [b]) => (a < b ? -1 : 1));
  }
}
