// Finds the command named by argv[0] and runs it; turns any escaped exception into an INTERNAL verdict.
import { EXIT, printJson, usageError, type CliCommand, type CliIo } from './command';

export async function dispatch(commands: readonly CliCommand[], argv: string[], io: CliIo): Promise<number> {
  const [name, ...rest] = argv;
  const overview = `tactile <${commands.map((c) => c.name).join('|')}> …`;
  if (name === undefined || name === '--help' || name === 'help') {
    const code = name === undefined ? usageError(io, overview, 'Give a command.') : EXIT.ok;
    if (code === EXIT.ok) printJson(io, { ok: true, commands: commands.map(({ name: n, usage }) => ({ name: n, usage })) });
    io.stderr.write(commands.map((c) => `  ${c.usage}`).join('\n') + '\n');
    return code;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) return usageError(io, overview, `Unknown command ${JSON.stringify(name)}.`);
  try {
    return await command.run(rest, io);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    printJson(io, { ok: false, errors: [{ code: 'INTERNAL', path: '', message: `Internal error in "${name}": ${message}` }] });
    return EXIT.internal;
  }
}
