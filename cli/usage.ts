// Every command's usage line, apart from the command's code: `tactile help` and the unknown-command message print
// them without loading any command (catalog.ts loads a command only when it runs), and each command prints its
// own line from here, so the two cannot drift.

/** `--server HOST:PORT`, repeatable, of the device commands (device-common.ts reads it). */
export const SERVER_USAGE = '[--server HOST:PORT]…';

/** `tactile flow`'s two subcommands, and its line for a missing or unknown subcommand. */
export const FLOW_USAGE = {
  validate: 'tactile flow validate FILE [--max-burst-actions N]',
  run: `tactile flow run FILE --serial S [--serial S2 …] [--from N] [--scale-coordinates] [--json] ${SERVER_USAGE}`,
  fromRun: `tactile flow from-run RUN --out FILE [--name NAME] [--journal DIR] ${SERVER_USAGE}`,
  overview: 'tactile flow <validate|run|from-run> …',
} as const;

export const USAGE = {
  validate: 'tactile validate FILE [--dialect agent] [--max-burst-actions N]',
  plan: 'tactile plan FILE --screen WxH [--dialect agent] [--max-burst-actions N]',
  schema: 'tactile schema [TOOL|flow]',
  devices: `tactile devices [--json] ${SERVER_USAGE}`,
  observe: `tactile observe --serial S [--json] ${SERVER_USAGE}`,
  screenshot: `tactile screenshot --serial S -o FILE.png [--json] ${SERVER_USAGE}`,
  'virtual-device': `tactile virtual-device [--port P] [--size WxH] [--density D] [--sdk N] [--json] ${SERVER_USAGE}`,
  lock: 'tactile lock status [--serial S] [--json]',
  run: `tactile run FILE --serial S [--run NAME] [--json] [--dialect agent] [--max-burst-actions N] [--new-task] ${SERVER_USAGE}`,
  mcp: `tactile mcp --serial S [--http PORT [--listen ADDR] [--session-idle-ms MS]] [--dialect agent] [--approve ask|read-only|session] ${SERVER_USAGE}`,
  bridge: `tactile bridge --serial S --port P --token-file F [--approve ask|session] [--listen ADDR] ${SERVER_USAGE}`,
  report: 'tactile report (--run ID | --last N | --since TIME) --out FILE.html [--journal DIR]',
  flow: `${FLOW_USAGE.validate}\n  ${FLOW_USAGE.run}\n  ${FLOW_USAGE.fromRun}`,
} as const;

export type CommandName = keyof typeof USAGE;
