// Finds the command named by argv[0], loads it and runs it; turns any escaped exception into an INTERNAL verdict.
import { EXIT, printJson, usageError, type CliCommand, type CliIo } from './command';

/** A command as `help` lists it; `load` brings in its code (and only its code) when it runs. */
export interface CommandEntry {
  name: string;
  usage: string;
  load(): Promise<CliCommand>;
}

export async function dispatch(commands: readonly CommandEntry[], argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  const overview = `tactile <${commands.map((c) => c.name).join('|')}> …`;
  if (name === undefined || name === '--help' || name === 'help') {
    const code = name === undefined ? usageError(io, overview, 'Give a command.') : EXIT.ok;
    if (code === EXIT.ok)
      printJson(io, { ok: true, commands: commands.map(({ name: n, usage }) => ({ name: n, usage })) });
    io.stderr.write(commands.map((c) => `  ${c.usage}`).join('\n') + '\n');
    return code;
  }
  const entry = commands.find((c) => c.name === name);
  if (!entry) return usageError(io, overview, `Unknown command ${JSON.stringify(name)}.`);
  try {
    const command = await entry.load();
    return await command.run(rest, io);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    printJson(io, {
      ok: false,
      errors: [{ code: 'INTERNAL', path: '', message: `Internal error in "${name}": ${message}` }],
    });
    return EXIT.internal;
  }
}
