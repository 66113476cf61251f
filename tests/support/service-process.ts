import { afterAll, beforeAll } from 'vitest';
import { freePort } from '../../src/platform/ports.js';
import { spawnService, untilReady, type ServiceProcess } from '../../scripts/service-process.js';
import { useHarness, type Harness } from './harness.js';
import type { SseReader } from './sse.js';
import { RAISED_ACCOUNT_LIMITS, RAISED_CONCURRENCY_LIMITS, RAISED_WRITE_LIMITS } from './write-limits.js';

export { isReady, spawnService, untilReady, type ServiceProcess } from '../../scripts/service-process.js';

export interface ServiceOptions {
  /** Variables the service must not have (this process's, or the test defaults' such as JWT_SECRET). */
  unset?: string[];
  /** Start it as the README does (`npm start`) rather than with node directly. */
  viaNpm?: boolean;
  cwd?: string;
  /** Return as soon as it is spawned, without waiting for /readyz. */
  noWait?: boolean;
  /** Run as this user id (and the group of the same number); the test must run as root. */
  uid?: number;
}

/** The environment a test service runs with: cheap hashing, quiet logs, a port of its own; none of `unset`. */
export function serviceEnv(env: Record<string, string>, port: number, unset: string[] = []): NodeJS.ProcessEnv {
  const merged: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    JWT_SECRET: 'process-test-secret-at-least-32-bytes-long',
    ARGON2_MEMORY_KIB: '1024',
    ARGON2_TIME_COST: '1',
    // The load tests write as fast as they can, as one user, some of it large.
    ...RAISED_WRITE_LIMITS,
    ...RAISED_CONCURRENCY_LIMITS,
    ...RAISED_ACCOUNT_LIMITS,
    ...env,
  };
  for (const name of unset) delete merged[name];
  return merged;
}

/** Starts the real entry point (src/app/main.ts) as its own process, as `npm start` does; ready within a minute. */
export async function startServiceProcess(
  env: Record<string, string>,
  { unset = [], viaNpm = false, cwd, noWait = false, uid }: ServiceOptions = {},
): Promise<ServiceProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const service = spawnService({
    env: serviceEnv(env, port, unset),
    port,
    from: viaNpm ? 'npm' : 'source',
    cwd,
    spawn: uid === undefined ? {} : { uid, gid: uid },
  });
  return noWait ? service : untilReady(service, 60_000);
}

/** Service processes sharing one database, as several app nodes would, each ready. */
export const startServiceProcesses = (count: number, env: Record<string, string>) =>
  Promise.all(Array.from({ length: count }, () => startServiceProcess(env)));

/** SIGTERM to each, then each one's exit awaited. */
export async function stopServiceProcesses(services: ServiceProcess[]): Promise<void> {
  for (const service of services) service.child.kill('SIGTERM');
  await Promise.all(services.map((service) => service.exited));
}

/** Signs an account up and logs it in over HTTP, as any client of a service process would: its token. */
export async function signUpAndLogIn(baseUrl: string, email: string, password: string): Promise<string> {
  const post = (path: string, body: object) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signup = await post('/auth/signup', {
    email,
    password,
    passwordValidation: password,
    firstName: 'Pro',
    lastName: 'Cess',
  });
  const login = await post('/auth/login', { email, password });
  if (signup.status !== 200 || login.status !== 200)
    throw new Error(`signup answered ${signup.status}, login ${login.status}`);
  return ((await login.json()) as { token: string }).token;
}

/** What useServiceProcesses sets up for a test file; read its fields inside tests and hooks. */
export interface ServiceProcessesSetup {
  /** The harness: it owns the database copy the processes use. */
  h: Harness;
  processes: ServiceProcess[];
  /** Streams the tests open, closed before the processes stop. */
  streams: SseReader[];
}

/**
 * `count` service processes on one harness's database, started before the file's tests and
 * stopped after them (streams first, then processes, then the harness), passed or failed.
 */
export function useServiceProcesses(count: number, env: Record<string, string> = {}): ServiceProcessesSetup {
  const setup = { processes: [], streams: [] } as unknown as ServiceProcessesSetup;
  const h = useHarness();
  beforeAll(async () => {
    setup.h = h;
    setup.processes = await startServiceProcesses(count, { DATABASE_URL: setup.h.databaseUrl, ...env });
  });
  afterAll(async () => {
    for (const stream of setup.streams) stream.close();
    await stopServiceProcesses(setup.processes);
  });
  return setup;
}
