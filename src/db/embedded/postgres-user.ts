/**
 * PostgreSQL refuses to run as root: a process that is root runs its servers and tools as the
 * `postgres` OS user. The one place that knows how, for the embedded server and for scripts/
 * (the topology's and the HA drill's clusters).
 */
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';

export interface OsUser {
  uid: number;
  gid: number;
}

const ids = (): OsUser => {
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
  return { uid: id('-u'), gid: id('-g') };
};

/** Whether the `postgres` OS user exists. */
export const hasPostgresUser = (): boolean => spawnSync('id', ['-u', 'postgres']).status === 0;

/** Who PostgreSQL must run as: the `postgres` OS user when this process is root; undefined otherwise. */
export function postgresOwner({ create = false } = {}): OsUser | undefined {
  if (process.getuid?.() !== 0) return undefined;
  if (!hasPostgresUser()) {
    if (!create) throw new Error('no `postgres` OS user');
    try {
      execFileSync('groupadd', ['--system', 'postgres'], { stdio: 'ignore' });
    } catch {
      // the group may exist without the user
    }
    execFileSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', 'postgres'], { stdio: 'ignore' });
  }
  return ids();
}

/** Runs a command as postgresOwner() (as this process's own user when it is not root). */
export function runAsPostgres(command: string, args: string[]): SpawnSyncReturns<string> {
  return spawnSync(command, args, { encoding: 'utf8', ...postgresOwner() });
}
