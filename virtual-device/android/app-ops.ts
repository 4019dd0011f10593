// AppOpsService's modes per package: what `appops set/get/reset` change and what the framework checks
// (LocationManager's test providers need MOCK_LOCATION allowed for the calling package).
export type AppOpMode = 'allow' | 'ignore' | 'deny' | 'foreground';

export class AppOps {
  private readonly modes = new Map<string, Map<string, AppOpMode>>();

  /** The op's mode for a package, or 'default' when none was set. */
  mode(pkg: string, op: string): AppOpMode | 'default' {
    return this.modes.get(pkg)?.get(op) ?? 'default';
  }

  set(pkg: string, op: string, mode: AppOpMode | 'default'): void {
    const ops = this.modes.get(pkg) ?? new Map<string, AppOpMode>();
    this.modes.set(pkg, ops);
    if (mode === 'default') ops.delete(op);
    else ops.set(op, mode);
  }

  list(pkg: string): Array<[string, AppOpMode]> {
    return [...(this.modes.get(pkg) ?? [])];
  }

  reset(pkg?: string): void {
    if (pkg === undefined) this.modes.clear();
    else this.modes.delete(pkg);
  }
}
