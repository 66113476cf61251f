import { createRequire } from 'node:module';
import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

export type { Logger };

const SECRETS: [RegExp, string][] = [
  // SQL with its parameters inlined (MikroORM puts the statement in its error messages): the
  // statement stays, every quoted value goes.
  [/'(?:[^']|'')*'/g, "'?'"],
  [/\$argon2[a-z]*\$[^\s'",)]*/gi, '[hash]'],
  [/\beyJ[\w-]*\.[\w-]+\.[\w-]*/g, '[token]'],
  // An email, its @ percent-encoded too: in a URL's path, the segment only.
  [/[^\s'"(),<>=:/]+(?:@|%40)[^\s'"(),<>=:/]+\.[^\s'"(),<>=:/]+/g, '[email]'],
];

/** A string with no password hash, token, email or SQL literal left in it. */
export function scrubSecrets(text: string): string {
  return SECRETS.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}

/** Every string in a (serialised) error, however deep, scrubbed. */
function scrubDeep(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubSecrets(value);
  if (depth > 6 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubDeep(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubDeep(item, depth + 1)]));
}

export type LogFormat = 'auto' | 'json' | 'pretty';

/**
 * Readable lines for a person at a terminal. pino-pretty is loaded only then (JSON runs never pay
 * for it), synchronously so the first lines and a crash's last ones are not lost in a worker thread.
 */
function prettyStdout(): DestinationStream {
  const pretty = createRequire(import.meta.url)('pino-pretty') as (options: object) => DestinationStream;
  return pretty({ sync: true, colorize: process.stdout.isTTY === true, ignore: 'pid,hostname,service' });
}

/**
 * Structured JSON logs (readable lines when stdout is a terminal, unless `format` says otherwise);
 * credentials are redacted wherever they could appear: known fields by name, and errors (ORM and
 * driver errors quote SQL, parameters and constraint details) and messages by content.
 */
export function createLogger(level: string, destination?: DestinationStream, format: LogFormat = 'auto'): Logger {
  const pretty = !destination && (format === 'pretty' || (format === 'auto' && process.stdout.isTTY === true));
  return pino(
    {
      level,
      base: { service: 'feedline' },
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          '*.password',
          '*.passwordValidation',
          '*.password_confirm',
          '*.passwordHash',
          '*.token',
          '*.jwt',
        ],
        censor: '[redacted]',
      },
      serializers: { err: (error: Error) => scrubDeep(stdSerializers.err(error)) },
      hooks: {
        logMethod(args, method) {
          method.apply(
            this,
            args.map((arg) => (typeof arg === 'string' ? scrubSecrets(arg) : arg)) as Parameters<typeof method>,
          );
        },
      },
    },
    pretty ? prettyStdout() : destination,
  );
}
