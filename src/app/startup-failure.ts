import { ConfigError } from '../platform/config.js';
import { MigrationsPendingError } from '../db/db.js';
import { EmbeddedDatabaseError } from '../db/embedded/embedded-postgres.js';
import { scrubSecrets } from '../platform/logger.js';
import { PortInUseError } from '../platform/ports.js';

export type StartupFailureKind =
  | 'bad_configuration'
  | 'port_taken'
  | 'embedded_database'
  | 'database_unreachable'
  | 'authentication_failed'
  | 'database_missing'
  | 'migration_failed'
  | 'not_writable'
  | 'unexpected';

export interface StartupFailure {
  kind: StartupFailureKind;
  /** What went wrong, in one sentence. */
  cause: string;
  /** What the operator does about it. */
  fix: string;
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P03', // the database system is starting up / shutting down
]);

const NOT_WRITABLE_CODES = new Set(['EACCES', 'EPERM', 'EROFS']);
const pathOf = (error: Error): string | undefined => (error as NodeJS.ErrnoException).path;

/** The error and every `cause` under it (MikroORM and umzug wrap the driver's error). */
function chain(error: unknown): (Error & { code?: unknown })[] {
  const errors: (Error & { code?: unknown })[] = [];
  for (let current = error; current instanceof Error && errors.length < 10; current = current.cause)
    errors.push(current);
  return errors;
}

/** A message as part of the line's sentence: one line, no secrets, no period of its own. */
const oneLine = (text: string) =>
  scrubSecrets(
    text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join(' '),
  ).replace(/\.$/, '');

/** Where DATABASE_URL points, without its password. */
function describeUrl(databaseUrl: string | undefined): string {
  if (!databaseUrl) return 'the embedded PostgreSQL';
  try {
    const url = new URL(databaseUrl);
    return `${url.username ? `${decodeURIComponent(url.username)}@` : ''}${url.host}${url.pathname}`;
  } catch {
    return 'DATABASE_URL';
  }
}

/** Sorts a failed start into what the operator can fix, and says how. */
export function classifyStartupFailure(error: unknown, env: NodeJS.ProcessEnv = process.env): StartupFailure {
  if (error instanceof ConfigError) {
    const [, ...issues] = error.message.split('\n');
    return {
      kind: 'bad_configuration',
      cause: `invalid configuration: ${issues.map((issue) => issue.trim()).join('; ') || error.message}`,
      fix: 'correct the variables named, in the environment or in .env (every variable is described in .env.example)',
    };
  }
  if (error instanceof MigrationsPendingError) {
    const [cause, fix] = error.message.split(': ');
    return { kind: 'migration_failed', cause: cause!, fix: fix ?? 'run `npm run migrate` first' };
  }
  if (error instanceof PortInUseError) {
    const [cause, fix] = error.message.split(': ');
    return { kind: 'port_taken', cause: cause!, fix: fix ?? 'set PORT to a free port' };
  }
  const errors = chain(error);
  const codes = errors.map((e) => (typeof e.code === 'string' ? e.code : '')).filter(Boolean);
  const where = describeUrl(env.DATABASE_URL);
  const last = errors.at(-1);
  const detail = oneLine(last?.message ?? String(error));
  if (errors.some((e) => e.name === 'MigrationError')) {
    const migration = /Migration (\S+) \(up\) failed/.exec(errors[0]!.message)?.[1] ?? 'a migration';
    // The statement (and its quoted values) stays out of the line: the reason is after " - ".
    const reason = detail.includes(' - ') ? detail.slice(detail.lastIndexOf(' - ') + 3) : detail;
    return {
      kind: 'migration_failed',
      cause: `migration ${migration} failed on ${where}: ${reason}`,
      fix: 'it was rolled back and the database is as before; point DATABASE_URL at an empty database or one Feedline created, or repair what the message names, then start again',
    };
  }
  if (codes.some((code) => code === '28P01' || code === '28000')) {
    return {
      kind: 'authentication_failed',
      cause: `PostgreSQL refused the login to ${where}: ${detail}`,
      fix: env.DATABASE_URL
        ? 'correct the user and password in DATABASE_URL (percent-encode special characters), or grant that role access'
        : 'the embedded database no longer matches the password kept in DATA_DIR: run `npm run reset` to start afresh (it deletes the embedded data)',
    };
  }
  if (codes.includes('3D000')) {
    return {
      kind: 'database_missing',
      cause: `${where}: ${detail}`,
      fix: 'create that database (createdb), or point DATABASE_URL at one that exists',
    };
  }
  if (codes.some((code) => UNREACHABLE_CODES.has(code) || code.startsWith('08'))) {
    return {
      kind: 'database_unreachable',
      cause: `cannot reach PostgreSQL at ${where}: ${detail}`,
      fix: 'start PostgreSQL, or correct the host and port in DATABASE_URL (unset it to use the embedded database)',
    };
  }
  if (error instanceof EmbeddedDatabaseError) {
    return {
      kind: 'embedded_database',
      cause: error.fix ? oneLine(error.message) : `the embedded PostgreSQL could not start: ${oneLine(error.message)}`,
      fix:
        error.fix ??
        'do what the message says; `npm run reset` starts afresh (it deletes the embedded data), or set DATABASE_URL to use another PostgreSQL',
    };
  }
  // The path as is: scrubbing the message would blank it out as a quoted value.
  const denied = errors.find((e) => NOT_WRITABLE_CODES.has(String(e.code)) && typeof pathOf(e) === 'string');
  if (denied) {
    return {
      kind: 'not_writable',
      cause: `cannot write ${pathOf(denied)} (${String(denied.code)})`,
      fix: env.DATABASE_URL
        ? 'set DATA_DIR to a folder this user can write'
        : 'set DATABASE_URL to a PostgreSQL database, and JWT_SECRET (nothing is written then), or DATA_DIR to a folder this user can write for the embedded one',
    };
  }
  return {
    kind: 'unexpected',
    cause: `unexpected error: ${detail}`,
    fix: 'start again with LOG_LEVEL=debug to see its stack, and report it',
  };
}

/**
 * The one line a failed start prints on stderr: a sentence on a terminal, a JSON log line (pino's
 * shape, level fatal) otherwise, so log collectors parse it like every other line.
 */
export function formatStartupFailure(failure: StartupFailure, tty: boolean): string {
  const msg = `Feedline cannot start: ${failure.cause}. Fix: ${failure.fix}.`;
  if (tty) return msg;
  return JSON.stringify({ level: 60, time: Date.now(), service: 'feedline', msg, ...failure });
}

/** Prints the line on stderr and exits: 78 (EX_CONFIG) for bad configuration, 1 otherwise. */
export function exitWithStartupFailure(failure: StartupFailure): never {
  console.error(formatStartupFailure(failure, process.stderr.isTTY === true));
  process.exit(failure.kind === 'bad_configuration' ? 78 : 1);
}
