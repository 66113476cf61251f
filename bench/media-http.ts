/**
 * The HTTP mode of `npm run bench:media -- --http`: a service started as `npm start` starts it, on a
 * database of its own and a store under a temporary folder; `uploaders` users flood POST /media with
 * noisy JPEGs while another user reads GET /posts/{id} and GET /posts?limit=20 one after the other.
 * Prints uploads a second (by answer) and the reader's p50/p99, alone and during the flood.
 */
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import sharp from 'sharp';
import { freePort } from '../src/platform/ports.js';
import { spawnService, untilReady, type ServiceProcess } from '../scripts/service-process.js';
import { benchDatabase } from './standalone.js';
import { cephInstalled, startCephRgw, type CephRgw } from '../tests/support/ceph-rgw.js';

const PASSWORD = 'correct horse battery';

export interface MediaHttpOptions {
  /** fs: files under a temporary folder; s3: MEDIA_S3_ENDPOINT's store, or a Ceph RGW started here. */
  storage: 'fs' | 's3';
  uploaders: number;
  seconds: number;
  width: number;
  height: number;
}

async function json(baseUrl: string, method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.status === 204 ? undefined : ((await res.json()) as Record<string, unknown>);
}

async function user(baseUrl: string, n: number): Promise<string> {
  const email = `bench-${n}-${randomBytes(4).toString('hex')}@example.com`;
  await json(baseUrl, 'POST', '/auth/signup', {
    email,
    password: PASSWORD,
    passwordValidation: PASSWORD,
    firstName: 'Bench',
    lastName: `User${n}`,
  });
  return (await json(baseUrl, 'POST', '/auth/login', { email, password: PASSWORD }))!.token as string;
}

const percentile = (sorted: number[], q: number) =>
  sorted.length === 0 ? NaN : Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * 10) / 10;

/**
 * The reader, on a thread of its own: its latencies are then the service's, not this process's
 * loop, busy sending the uploaders' bodies. GET /posts/{id} and GET /posts?limit=20 in turn until
 * `until` (epoch ms); answers its latencies (ms, sorted) and errors.
 */
const READER = `
const { parentPort, workerData: { baseUrl, token, postId, until } } = require('node:worker_threads');
(async () => {
  const latencies = [];
  let errors = 0;
  for (let i = 0; Date.now() < until; i++) {
    const begun = performance.now();
    const ok = await fetch(baseUrl + (i % 2 ? '/posts?limit=20' : '/posts/' + postId), {
      headers: { authorization: 'Bearer ' + token },
    }).then(async (res) => (await res.arrayBuffer(), res.ok), () => false).catch(() => false);
    latencies.push(performance.now() - begun);
    if (!ok) errors++;
  }
  parentPort.postMessage({ latencies: latencies.sort((a, b) => a - b), errors });
})();
`;

/** The reader's count, errors, p50 and p99 (ms) until `until` (epoch ms). */
async function read(baseUrl: string, token: string, postId: number, until: number) {
  const worker = new Worker(READER, { eval: true, workerData: { baseUrl, token, postId, until } });
  const [{ latencies, errors }] = (await once(worker, 'message')) as [{ latencies: number[]; errors: number }];
  await worker.terminate();
  return { count: latencies.length, errors, p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99) };
}

/**
 * MEDIA_* settings for an S3 store: MEDIA_S3_ENDPOINT's when set (a bucket of the bench's own),
 * else a one-node Ceph RGW started here (`started` is given it, to stop it after the run).
 */
async function s3Settings(started: (rgw: CephRgw) => void): Promise<Record<string, string>> {
  const bucket = {
    MEDIA_S3_BUCKET: `bench-media-${randomBytes(6).toString('hex')}`,
    MEDIA_S3_FORCE_PATH_STYLE: 'true',
  };
  if (process.env.MEDIA_S3_ENDPOINT)
    return { MEDIA_STORAGE: 's3', MEDIA_S3_ENDPOINT: process.env.MEDIA_S3_ENDPOINT, ...bucket };
  if (!cephInstalled())
    throw new Error(
      '--storage s3: set MEDIA_S3_ENDPOINT (and its keys), or install ceph-mon ceph-osd radosgw ceph-common',
    );
  const rgw = await startCephRgw();
  started(rgw);
  return {
    MEDIA_STORAGE: 's3',
    MEDIA_S3_ENDPOINT: rgw.endpoint,
    MEDIA_S3_REGION: rgw.region,
    MEDIA_S3_ACCESS_KEY_ID: rgw.accessKeyId,
    MEDIA_S3_SECRET_ACCESS_KEY: rgw.secretAccessKey,
    ...bucket,
  };
}

export async function runMediaHttp(options: MediaHttpOptions): Promise<void> {
  const image = await sharp({
    create: {
      width: options.width,
      height: options.height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  const database = await benchDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'feedline-bench-media-'));
  let service: ServiceProcess | undefined;
  let rgw: CephRgw | undefined;
  try {
    const s3 = options.storage === 's3' ? await s3Settings((started) => (rgw = started)) : {};
    service = await untilReady(
      spawnService({
        from: 'npm',
        port: await freePort(),
        env: {
          ...process.env,
          NODE_ENV: 'production',
          DATABASE_URL: database.url,
          DATA_DIR: dataDir,
          ...s3,
          JWT_SECRET: randomBytes(48).toString('base64url'),
          LOG_LEVEL: 'warn',
          // The uploaders upload far more than a day's quota and an hour's write limits.
          WRITE_LIMITS: 'off',
          MEDIA_DAILY_FILES: '1000000',
          MEDIA_DAILY_BYTES: String(2 ** 40),
          // Its connections are all from one address.
          MAX_IN_FLIGHT_PER_ADDRESS: '1000000',
          ARGON2_QUEUE_PER_ADDRESS: '1000000',
          SIGNUPS_PER_ADDRESS: '1000000',
          SIGNUPS_PER_NETWORK: '1000000',
        },
        spawn: { detached: true }, // its own process group: npm and node stop together
      }),
    );
    const { baseUrl } = service;
    const reader = await user(baseUrl, 0);
    const postId = (await json(baseUrl, 'POST', '/posts', { title: 'bench', content: 'reading' }, reader))!
      .id as number;
    const uploaders: string[] = [];
    for (let n = 1; n <= options.uploaders; n++) uploaders.push(await user(baseUrl, n));

    const alone = await read(baseUrl, reader, postId, Date.now() + 3_000);

    const statuses = new Map<string, number>();
    const end = Date.now() + options.seconds * 1000;
    const started = performance.now();
    const flood = Promise.all(
      uploaders.map(async (token) => {
        while (Date.now() < end) {
          // A connection the service reset counts as an answer of its own, not the end of the run.
          const answer = await fetch(`${baseUrl}/media`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'image/jpeg' },
            body: image,
          })
            .then(async (res) => (await res.arrayBuffer(), String(res.status)))
            .catch((error: { cause?: { code?: string } }) => error.cause?.code ?? 'network error');
          statuses.set(answer, (statuses.get(answer) ?? 0) + 1);
        }
      }),
    );
    const during = await read(baseUrl, reader, postId, end);
    await flood;
    const seconds = (performance.now() - started) / 1000;
    const accepted = (statuses.get('201') ?? 0) + (statuses.get('202') ?? 0);

    console.log(
      `HTTP: ${options.uploaders} uploaders for ${options.seconds} s, ${options.width}×${options.height} JPEG (${(image.length / 1e6).toFixed(2)} MB), service by npm start, ${options.storage === 's3' ? `s3 store (${s3.MEDIA_S3_ENDPOINT})` : 'fs store'}`,
    );
    console.log(
      `  uploads: ${(accepted / seconds).toFixed(2)}/s accepted; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    console.log(
      `  reader alone:  ${alone.count} reads, p50 ${alone.p50} ms, p99 ${alone.p99} ms, errors ${alone.errors}`,
    );
    console.log(
      `  reader during: ${during.count} reads, p50 ${during.p50} ms, p99 ${during.p99} ms, errors ${during.errors}`,
    );
  } finally {
    if (service && service.child.exitCode === null) {
      process.kill(-service.child.pid!, 'SIGTERM');
      await service.exited;
    }
    await database.stop();
    await rgw?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
