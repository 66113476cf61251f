/**
 * The one command-line parser of scripts/ and bench/: `--help` (or `-h`) prints the usage and exits
 * 0; an unknown option, a missing value or an unexpected word prints one line and the usage and
 * exits 2. Either happens before the script starts anything.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;
type Values<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: O; strict: true }>>['values'];

/** `--state-dir <folder>`: where `npm run topology` and `npm run ha` record their run. */
export const STATE_DIR_OPTION = { 'state-dir': { type: 'string' } } as const;

/** The options given (defaults applied), and the one command word given (one of `commands`), if any. */
export function commandLine<const O extends Options>(
  usage: string,
  options: O,
  { args = process.argv.slice(2), commands = [] }: { args?: string[]; commands?: string[] } = {},
): { values: Values<O>; command: string | undefined } {
  let parsed: { values: Record<string, unknown>; positionals: string[] };
  try {
    parsed = parseArgs({
      args,
      options: { ...options, help: { type: 'boolean', short: 'h' } },
      allowPositionals: commands.length > 0,
      strict: true,
    });
  } catch (error) {
    // Node's message adds a hint about `--`; its first sentence is what the user needs.
    refuse((error as Error).message.split('. ')[0]!.replace(/\.$/, ''), usage);
  }
  if (parsed.values.help) {
    console.log(usage);
    process.exit(0);
  }
  if (parsed.positionals.length > 1) refuse(`one command at most, not ${parsed.positionals.join(' ')}`, usage);
  const command = parsed.positionals[0];
  if (command !== undefined && !commands.includes(command)) refuse(`unknown command '${command}'`, usage);
  const { help: _help, ...values } = parsed.values;
  return { values: values as Values<O>, command };
}

/** A command line that parsed but cannot run: one line, the usage, exit 2. */
export function refuse(message: string, usage: string): never {
  console.error(`${message}\n${usage}`);
  process.exit(2);
}
