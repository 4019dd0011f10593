import type { SimulatedAndroid } from '../device';
import type { SpawnedProcess } from '../processes';

/** What one shell command sees: its argv, the device, and its streams. */
export interface CommandContext {
  /** argv[0] is the command name. */
  argv: string[];
  /** Variables set for this command by leading NAME=value words. */
  env?: Record<string, string>;
  android: SimulatedAndroid;
  stdin: AsyncIterable<Uint8Array>;
  out(chunk: string | Uint8Array): Promise<void>;
  err(chunk: string | Uint8Array): Promise<void>;
  signal: AbortSignal;
  /**
   * The process this command runs as, for commands that stay up by themselves (app_process servers,
   * screenrecord): the background job's own when started with `&`, else a new one (the caller ends it).
   */
  process(argv: readonly string[]): SpawnedProcess;
}

/** Resolves the exit status. */
export type Command = (ctx: CommandContext) => Promise<number>;

export async function readAll(stdin: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const c of stdin) parts.push(c);
  return Buffer.concat(parts);
}
