// The commands `tactile` knows, in `help` order. Each is loaded only when it runs (a dynamic import, which the
// bundle turns into its own chunk), so `help` and a usage error load no command, and a command loads only its own
// modules: observe never loads the MCP SDK, help never loads adbkit or zod. Add a command by writing
// commands/<name>.ts, its usage line in usage.ts, and its entry here.
import type { CommandEntry } from './dispatch';
import { USAGE, type CommandName } from './usage';

function entry(name: CommandName, load: CommandEntry['load']): CommandEntry {
  return { name, usage: USAGE[name], load };
}

export const COMMANDS: readonly CommandEntry[] = [
  entry('validate', async () => (await import('./commands/validate')).validateCommand),
  entry('plan', async () => (await import('./commands/plan')).planCommand),
  entry('schema', async () => (await import('./commands/schema')).schemaCommand),
  entry('devices', async () => (await import('./commands/devices')).devicesCommand),
  entry('observe', async () => (await import('./commands/observe')).observeCommand),
  entry('screenshot', async () => (await import('./commands/screenshot')).screenshotCommand),
  entry('virtual-device', async () => (await import('./commands/virtual-device')).virtualDeviceCommand),
  entry('lock', async () => (await import('./commands/lock')).lockCommand),
  entry('run', async () => (await import('./commands/run')).runCommand),
  entry('mcp', async () => (await import('./commands/mcp')).mcpCommand),
  entry('bridge', async () => (await import('./commands/bridge')).bridgeCommand),
  entry('report', async () => (await import('./commands/report')).reportCommand),
  entry('flow', async () => (await import('./commands/flow')).flowCommand),
];
