import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort } from '../../src/platform/ports.js';
import { Harness } from '../support/harness.js';
import {
  signUpAndLogIn,
  startServiceProcess,
  stopServiceProcesses,
  untilReady,
  type ServiceProcess,
} from '../support/service-process.js';
import { SseReader } from '../support/sse.js';

/**
 * METRICS_PORT: a second listener with GET /metrics (Prometheus text format) that promtool
 * accepts, with latency by route template, pool, live stream and rate-limit metrics; in cluster
 * mode the workers' metrics summed.
 */
vi.setConfig({ testTimeout: 300_000 });
const PASSWORD = 'correct horse battery';
const hasPromtool = spawnSync('promtool', ['--version']).status === 0;
let h: Harness;
const running: ServiceProcess[] = [];
const streams: SseReader[] = [];
beforeAll(async () => {
  h = await Harness.start(); // owns the database copy the processes use
});
afterAll(async () => {
  for (const stream of streams) stream.close();
  await stopServiceProcesses(running);
  await h.close();
});

async function start(env: Record<string, string>): Promise<{ service: ServiceProcess; metricsUrl: string }> {
  const metricsPort = await freePort();
  const service = await startServiceProcess(
    { DATABASE_URL: h.databaseUrl, METRICS_PORT: String(metricsPort), ...env },
    { noWait: true },
  );
  running.push(service);
  // A cluster's workers each compile and start: slow on a loaded machine.
  await untilReady(service, 180_000);
  return { service, metricsUrl: `http://127.0.0.1:${metricsPort}/metrics` };
}

async function scrape(metricsUrl: string): Promise<string> {
  let response = await fetch(metricsUrl);
  // A cluster's primary answers once every worker does (a worker still starting makes it a 500).
  for (const deadline = Date.now() + 60_000; response.status !== 200 && Date.now() < deadline;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    response = await fetch(metricsUrl);
  }
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toContain('text/plain');
  return response.text();
}

/** `promtool check metrics` on the text: its exit status and what it printed. */
function promtool(text: string): Promise<{ status: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('promtool', ['check', 'metrics'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (status) => resolve({ status, output }));
    child.stdin.end(text);
  });
}

/** The value of the one sample named `name` whose labels include every one of `labels`. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(\{.*\})? (\S+)$/.exec(line); // a template's "{id}" is inside the braces
    if (!match || match[1] !== name) continue;
    const given = match[2] ?? '';
    if (Object.entries(labels).every(([key, value]) => given.includes(`${key}="${value}"`))) return Number(match[3]);
  }
  return undefined;
}

/** A GET on a connection of its own, so that a cluster's workers share the requests. */
const getOnNewConnection = (url: string) =>
  new Promise<number>((resolve, reject) => {
    get(url, { agent: false }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode!));
    }).once('error', reject);
  });

describe('METRICS_PORT', () => {
  it('serves what promtool accepts: latency by route template, pools, live streams, rate-limit rejections', async () => {
    const { service, metricsUrl } = await start({ LOGIN_FAILURES_PER_EMAIL: '1' });
    const base = service.baseUrl;
    const token = await signUpAndLogIn(base, `metrics-${randomUUID()}@example.com`, PASSWORD);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const created = await fetch(`${base}/posts`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ title: 'measured', content: 'by route' }),
    });
    const { id } = (await created.json()) as { id: number };
    for (let i = 0; i < 3; i++) expect((await fetch(`${base}/posts/${id}`, { headers: auth })).status).toBe(200);
    const input = encodeURIComponent(JSON.stringify({ id }));
    expect((await fetch(`${base}/trpc/posts.get?input=${input}`, { headers: auth })).status).toBe(200);
    expect((await fetch(`${base}/no/such/path/${id}`)).status).toBe(404);
    // Two wrong passwords for one email: the second is over LOGIN_FAILURES_PER_EMAIL.
    const wrongLogin = () =>
      fetch(`${base}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `nobody-${id}@example.com`, password: 'wrong password!' }),
      });
    expect((await wrongLogin()).status).toBe(401);
    expect((await wrongLogin()).status).toBe(429);
    const stream = await SseReader.open(`${base}/live/feed`, { authorization: `Bearer ${token}` });
    streams.push(stream);
    expect(stream.status).toBe(200);

    const text = await scrape(metricsUrl);
    const ok = { method: 'GET', route: '/posts/{id}', status: '200' };
    expect(sample(text, 'http_request_duration_seconds_count', ok)).toBe(3);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/trpc/posts.get' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { route: 'unmatched', status: '404' })).toBe(1);
    expect(sample(text, 'http_request_duration_seconds_count', { method: 'POST', route: '/posts' })).toBe(1);
    expect(text).not.toContain(`/posts/${id}`); // never the raw path
    expect(sample(text, 'rate_limit_rejections_total', { kind: 'login-email' })).toBe(1);
    expect(sample(text, 'live_streams_open')).toBe(1);
    for (const gauge of ['db_pool_connections_in_use', 'db_pool_connections_idle', 'db_pool_acquires_waiting'])
      expect(sample(text, gauge, { role: 'primary', name: 'primary' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    // Only the second listener serves them, and only there.
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);

    if (!hasPromtool) {
      if (process.env.CI === 'true') throw new Error('promtool is missing (apt-get install prometheus)');
      console.warn('promtool is missing: `promtool check metrics` skipped (apt-get install prometheus)');
      return;
    }
    const checked = await promtool(text);
    expect(checked).toEqual({ status: 0, output: '' });
  });

  it('in cluster mode serves the workers’ metrics summed', async () => {
    const { service, metricsUrl } = await start({ WEB_CONCURRENCY: '2' });
    const requests = 20;
    for (let i = 0; i < requests; i++) expect(await getOnNewConnection(`${service.baseUrl}/healthz`)).toBe(200);
    const text = await scrape(metricsUrl);
    expect(sample(text, 'http_request_duration_seconds_count', { route: '/healthz' })).toBe(requests);
    // Each worker's pool, summed under one series.
    expect(sample(text, 'db_pool_connections_in_use', { role: 'primary', name: 'primary' })).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    if (hasPromtool) expect(await promtool(text)).toEqual({ status: 0, output: '' });
  });

  it('without METRICS_PORT nothing serves them', async () => {
    const service = await startServiceProcess({ DATABASE_URL: h.databaseUrl });
    running.push(service);
    expect((await fetch(`${service.baseUrl}/metrics`)).status).toBe(404);
  });
});
