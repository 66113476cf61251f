import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { CreateBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';

const run = promisify(execFile);

/**
 * A throw-away one-node Ceph RGW (S3) for the tests: one monitor, one memstore OSD and radosgw,
 * all on 127.0.0.1 under one temporary folder, without systemd, cephx or a manager. The settings
 * and their order follow shared/notes/s3-on-ceph.md; each is there for a reason it gives.
 */
export interface CephRgw extends S3Endpoint {
  stop(): Promise<void>;
}

/** Where an RGW answers, and its keys: what the run's global setup hands the test files (`inject('s3')`). */
export interface S3Endpoint {
  endpoint: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's RGW, when it starts one (support/global-setup.ts), and the file saying it is ready. */
    s3?: S3Endpoint & { readyFile: string };
  }
}

/** What `readyFile` holds once the RGW answers; a failed start writes its error instead. */
export const RGW_READY = 'ready';

/** Waits until `readyFile` says the RGW is ready; throws what it says instead. */
export async function untilReady(readyFile: string): Promise<void> {
  // Not written yet: no file, or (caught while written) an empty one.
  const written = () => (existsSync(readyFile) && readFileSync(readyFile, 'utf8')) || undefined;
  const said = await until("the run's RGW", () => Promise.resolve(written()), 110_000);
  if (said !== RGW_READY) throw new Error(said);
}

/** Whether the Debian packages are installed (CI installs them; elsewhere the tests say so). */
export function cephInstalled(): boolean {
  return ['/usr/bin/ceph-mon', '/usr/bin/ceph-osd', '/usr/bin/radosgw', '/usr/bin/monmaptool'].every((f) =>
    existsSync(f),
  );
}

const ACCESS_KEY = 'FEEDLINETESTACCESSKEY';
const SECRET_KEY = 'feedline-test-secret-key-not-a-real-one';
/** Ports each cluster takes from its base: mon v2, mon v1, rgw, then the OSD's bind range. */
const PORTS = 16;
const STEP_TIMEOUT_MS = 60_000;

async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
      .once('error', () => resolve(false))
      .listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A block of PORTS free ports: ports are fixed per cluster, so two clusters need different ones. */
async function freePortBlock(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const base = 20_000 + Math.floor(Math.random() * 2_000) * PORTS;
    let free = true;
    for (let port = base; port < base + PORTS && free; port++) free = await portFree(port);
    if (free) return base;
  }
  throw new Error('no free block of ports for Ceph');
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = STEP_TIMEOUT_MS): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Ceph: ${what} not ready in ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ''}`);
}

function pidOf(file: string): number | undefined {
  try {
    const pid = Number(readFileSync(file, 'utf8').trim());
    return pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` runs: a zombie (a detached daemon that no one has reaped yet) does not. */
function alive(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** TERM, then KILL after `graceMs`; resolves once the process is gone. */
async function stopPid(pid: number | undefined, graceMs = 1_000): Promise<void> {
  if (pid === undefined || !alive(pid)) return;
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + graceMs;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  while (alive(pid)) await new Promise((r) => setTimeout(r, 20));
}

/** Starts a cluster; its `stop` ends every daemon and deletes its folder. */
export async function startCephRgw(): Promise<CephRgw> {
  const { rgw, ready } = await launchCephRgw();
  await ready;
  return rgw;
}

/**
 * Starts a cluster without waiting for it: where it will answer (its ports are taken first), and
 * `ready`, which resolves once a signed request succeeds, or rejects once a failed start is cleaned up.
 */
export async function launchCephRgw(): Promise<{ rgw: CephRgw; ready: Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'feedline-ceph-'));
  const base = await freePortBlock();
  const [monV2, monV1, rgwPort] = [base, base + 1, base + 2];
  const fsid = randomUUID();
  const conf = join(dir, 'ceph.conf');
  const pids = {
    mon: join(dir, 'run', 'mon.pid'),
    osd: join(dir, 'run', 'osd.pid'),
    rgw: join(dir, 'run', 'client.pid'),
  };
  for (const sub of ['run', 'log', 'mon', 'osd', 'rgw', 'crash']) mkdirSync(join(dir, sub));
  writeFileSync(
    conf,
    `[global]
fsid = ${fsid}
mon_host = [v2:127.0.0.1:${monV2},v1:127.0.0.1:${monV1}]
public_addr = 127.0.0.1
cluster_addr = 127.0.0.1
ms_bind_port_min = ${base + 3}
ms_bind_port_max = ${base + PORTS - 1}
auth_cluster_required = none
auth_service_required = none
auth_client_required = none
ms_mon_client_mode = crc
osd_pool_default_size = 1
osd_pool_default_min_size = 1
mon_allow_pool_size_one = true
osd_crush_chooseleaf_type = 0
osd_pool_default_pg_num = 8
osd_pool_default_pgp_num = 8
osd_pool_default_pg_autoscale_mode = off
paxos_propose_interval = 0.1
mon_data_avail_warn = 2
mon_data_avail_crit = 1
run_dir = ${dir}/run
log_file = ${dir}/log/$name.log
admin_socket = ${dir}/run/$name.asok
pid_file = ${dir}/run/$type.pid
crash_dir = ${dir}/crash
mon_cluster_log_file = ${dir}/log/$cluster.$channel.log
[mon]
mon_data = ${dir}/mon/$cluster-$id
[osd]
osd_objectstore = memstore
memstore_device_bytes = 2147483648
osd_data = ${dir}/osd/$cluster-$id
[client.rgw]
rgw_frontends = beast endpoint=127.0.0.1:${rgwPort}
rgw_thread_pool_size = 32
rgw_data = ${dir}/rgw
`,
  );
  const ceph = (...args: string[]) => run('ceph', ['-c', conf, '--connect-timeout', '5', ...args], { timeout: 15_000 });
  const daemon = (command: string, args: string[]) =>
    new Promise<void>((resolve, reject) => {
      // The daemons detach: the parent exits once the child runs; their pids are in pid files.
      const child = spawn(command, ['-c', conf, ...args], { stdio: 'ignore', timeout: STEP_TIMEOUT_MS });
      child.once('error', reject);
      child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${code}`))));
    });

  // A test process that dies without stop() (a crash, a timeout) takes the daemons with it.
  const killAll = () => {
    for (const file of [pids.rgw, pids.osd, pids.mon]) {
      const pid = pidOf(file);
      if (pid !== undefined && alive(pid)) process.kill(pid, 'SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', killAll);
  const stop = async () => {
    process.off('exit', killAll);
    // radosgw, OSD, monitor: an OSD whose monitor is gone waits before it stops.
    await stopPid(pidOf(pids.rgw));
    await stopPid(pidOf(pids.osd));
    await stopPid(pidOf(pids.mon));
    rmSync(dir, { recursive: true, force: true });
  };
  const endpoint = `http://127.0.0.1:${rgwPort}`;
  const rgw: CephRgw = { endpoint, accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY, region: 'us-east-1', stop };

  const ready = (async () => {
    try {
      const monmap = join(dir, 'monmap');
      await run('monmaptool', [
        '--create',
        '--fsid',
        fsid,
        '--addv',
        'a',
        `[v2:127.0.0.1:${monV2},v1:127.0.0.1:${monV1}]`,
        monmap,
      ]);
      await run('ceph-mon', ['-c', conf, '--mkfs', '-i', 'a', '--monmap', monmap], { timeout: STEP_TIMEOUT_MS });
      await daemon('ceph-mon', ['-i', 'a']);
      await until('monitor', async () => ((await ceph('mon', 'stat')).stdout.includes('quorum') ? true : undefined));

      const osdUuid = randomUUID();
      const osdId = (await ceph('osd', 'new', osdUuid)).stdout.trim();
      mkdirSync(join(dir, 'osd', `ceph-${osdId}`)); // the OSD's mkfs writes into it, and does not create it
      await run('ceph-osd', ['-c', conf, '-i', osdId, '--mkfs', '--osd-uuid', osdUuid], { timeout: STEP_TIMEOUT_MS });
      await daemon('ceph-osd', ['-i', osdId]);
      await until('OSD', async () => {
        const dump = JSON.parse((await ceph('osd', 'dump', '--format', 'json')).stdout) as { osds: { up: number }[] };
        return dump.osds.some((osd) => osd.up === 1) ? true : undefined;
      });

      await daemon('radosgw', ['-n', 'client.rgw']);
      await until('radosgw', async () => ((await fetch(endpoint)).status > 0 ? true : undefined));
      await run(
        'radosgw-admin',
        [
          '-c',
          conf,
          'user',
          'create',
          '--uid',
          'feedline',
          '--display-name',
          'feedline tests',
          '--access-key',
          ACCESS_KEY,
          '--secret-key',
          SECRET_KEY,
        ],
        { timeout: STEP_TIMEOUT_MS },
      );
      // Ready means a signed request succeeds; the warm-up also takes the first, lazy pool creation.
      const client = s3ClientFor(rgw);
      try {
        await until('a signed S3 request', async () => {
          await client.send(new CreateBucketCommand({ Bucket: 'warm-up' })).catch((error: Error) => {
            if (error.name !== 'BucketAlreadyOwnedByYou' && error.name !== 'BucketAlreadyExists') throw error;
          });
          await client.send(new PutObjectCommand({ Bucket: 'warm-up', Key: 'warm-up', Body: Buffer.from('ok') }));
          return true;
        });
      } finally {
        client.destroy();
      }
    } catch (error) {
      const log = ['mon.a', 'osd.0', 'client.rgw']
        .map((name) => join(dir, 'log', `${name}.log`))
        .filter(existsSync)
        .map((file) => `${file}:\n${readFileSync(file, 'utf8').split('\n').slice(-15).join('\n')}`)
        .join('\n');
      await stop();
      throw new Error(`${(error as Error).message}\n${log}`, { cause: error });
    }
  })();
  return { rgw, ready };
}

/** An S3 client for the cluster, as the notes say Ceph Pacific needs it. */
export function s3ClientFor(rgw: S3Endpoint): S3Client {
  return new S3Client({
    endpoint: rgw.endpoint,
    region: rgw.region,
    credentials: { accessKeyId: rgw.accessKeyId, secretAccessKey: rgw.secretAccessKey },
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}
