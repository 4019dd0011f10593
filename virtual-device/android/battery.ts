// The phone's battery as BatteryService sees it (health HAL values), with `dumpsys battery set|unplug|reset`
// overrides: what a real phone does when a test fakes the charger or the level.

/** BatteryManager.BATTERY_STATUS_* and BATTERY_HEALTH_* values BatteryService prints as numbers. */
export const BATTERY_STATUS = { CHARGING: 2, DISCHARGING: 3, NOT_CHARGING: 4, FULL: 5 } as const;
export const BATTERY_HEALTH_GOOD = 2;

export interface BatteryHealthInfo {
  acPowered: boolean;
  usbPowered: boolean;
  wirelessPowered: boolean;
  dockPowered: boolean;
  maxChargingCurrent: number;
  maxChargingVoltage: number;
  chargeCounter: number;
  status: number;
  health: number;
  present: boolean;
  level: number;
  voltage: number;
  /** Tenths of a degree Celsius. */
  temperature: number;
  technology: string;
}

/** What `dumpsys battery set KEY VALUE` may change, keyed as the shell command names them. */
const SETTABLE = {
  ac: 'acPowered',
  usb: 'usbPowered',
  wireless: 'wirelessPowered',
  dock: 'dockPowered',
  status: 'status',
  level: 'level',
  temp: 'temperature',
  present: 'present',
  counter: 'chargeCounter',
} as const satisfies Record<string, keyof BatteryHealthInfo>;

// A phone on a USB cable at a desk: what the health HAL reports for a healthy, charged Li-ion cell.
const HAL: BatteryHealthInfo = {
  acPowered: false,
  usbPowered: true,
  wirelessPowered: false,
  dockPowered: false,
  maxChargingCurrent: 500000,
  maxChargingVoltage: 5000000,
  chargeCounter: 4_300_000,
  status: BATTERY_STATUS.FULL,
  health: BATTERY_HEALTH_GOOD,
  present: true,
  level: 100,
  voltage: 4400,
  temperature: 250,
  technology: 'Li-ion',
};

export class Battery {
  private overrides: Partial<BatteryHealthInfo> = {};

  /** The state BatteryService holds: the HAL's, with the shell's overrides on top until `reset`. */
  get info(): BatteryHealthInfo {
    return { ...HAL, ...this.overrides };
  }

  get updatesStopped(): boolean {
    return Object.keys(this.overrides).length > 0;
  }

  /** BatteryManager.BATTERY_PLUGGED_* bits (AC 1, USB 2, wireless 4, dock 8), as PowerManagerService's mPlugType. */
  get plugType(): number {
    const i = this.info;
    return (i.acPowered ? 1 : 0) | (i.usbPowered ? 2 : 0) | (i.wirelessPowered ? 4 : 0) | (i.dockPowered ? 8 : 0);
  }

  /** `dumpsys battery set KEY VALUE`: what BatteryService's shell answers when it refuses (null when set). */
  set(key: string, value: string): string | null {
    if (!Object.hasOwn(SETTABLE, key)) return `Unknown set option: ${key}`;
    if (!/^-?\d+$/.test(value)) return `Bad value: ${value}`;
    const field = SETTABLE[key as keyof typeof SETTABLE];
    const n = Number(value);
    this.overrides = { ...this.overrides, [field]: typeof HAL[field] === 'boolean' ? n !== 0 : n };
    return null;
  }

  /** `dumpsys battery unplug`: every charger reads offline. */
  unplug(): void {
    this.overrides = {
      ...this.overrides,
      acPowered: false,
      usbPowered: false,
      wirelessPowered: false,
      dockPowered: false,
    };
  }

  /** `dumpsys battery reset`: back to the HAL's values. */
  reset(): void {
    this.overrides = {};
  }
}
