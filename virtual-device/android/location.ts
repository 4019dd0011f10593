// LocationManagerService's view of where the device is: its test providers' mock fix (gps, network, fused)
// while a mock location is published, else none; `dumpsys location` prints it.
export interface Fix {
  latitude: number;
  longitude: number;
  timeMs: number;
}

export class DeviceLocation {
  private fix: Fix | null = null;

  constructor(private readonly clock: () => number) {}

  /** A mock fix on the test providers, or null to remove them. */
  setMock(latitude: number | null, longitude?: number): void {
    this.fix = latitude === null ? null : { latitude, longitude: longitude ?? 0, timeMs: this.clock() };
  }

  get mock(): Fix | null {
    return this.fix ? { ...this.fix } : null;
  }
}
