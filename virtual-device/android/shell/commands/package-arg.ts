// The package word of an am/pm command line.
/** The package argument after options (`--user 0` takes a value), as am and pm read it. */
export function packageArg(args: readonly string[]): string | undefined {
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--user') i++;
    else if (!args[i]!.startsWith('-')) return args[i];
  }
  return undefined;
}
