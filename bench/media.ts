/**
 * npm run bench:media -- [--images 40] [--concurrency N] [--width 4000 --height 3000]
 * npm run bench:media -- --http [--uploaders 8] [--seconds 20] [--width 1600 --height 1200] [--storage fs|s3]
 *
 * With --http, the routes under load instead: see bench/media-http.ts.
 *
 * What image processing costs this process, before any route exists: a flood of uploads (each a
 * noisy JPEG of width×height, the worst case for encoders) through MediaProcessor, every one of them
 * queued at once from its own user, and the event loop's delay meanwhile (what every other request of
 * the process would wait on top of its own work), against the same loop idle. Prints images a second,
 * per-image latency and the loop delay's p50/p99/max. Not part of CI.
 */
import { availableParallelism } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import sharp from 'sharp';
import { DEFAULT_MEDIA_MAX_BYTES, DEFAULT_MEDIA_MAX_PIXELS } from '../src/media/process-image.js';
import { MediaProcessor } from '../src/media/processor.js';
import { commandLine, refuse } from '../scripts/command-line.js';
import { runMediaHttp } from './media-http.js';

const USAGE = `npm run bench:media -- [--images 40] [--concurrency N] [--width 4000] [--height 3000]
npm run bench:media -- --http [--uploaders 8] [--seconds 20] [--width 1600] [--height 1200] [--storage fs|s3]
  --http: uploaders flood POST /media on a service started as npm start (a database of its own on
  DATABASE_URL's server, else embedded) while another user reads; prints uploads/s and its p50/p99
  --storage s3: the store is MEDIA_S3_ENDPOINT's (with MEDIA_S3_ACCESS_KEY_ID, _SECRET_ACCESS_KEY,
  _REGION; a bucket of its own), or without it a one-node Ceph RGW the bench starts and stops`;
const { values } = commandLine(USAGE, {
  images: { type: 'string', default: '40' },
  concurrency: { type: 'string', default: String(Math.max(1, availableParallelism() - 1)) },
  width: { type: 'string' },
  height: { type: 'string' },
  http: { type: 'boolean', default: false },
  uploaders: { type: 'string', default: '8' },
  seconds: { type: 'string', default: '20' },
  storage: { type: 'string', default: 'fs' },
});
if (values.storage !== 'fs' && values.storage !== 's3') refuse('--storage must be fs or s3', USAGE);
const images = Number(values.images);
const concurrency = Number(values.concurrency);
const [width, height] = [
  Number(values.width ?? (values.http ? 1600 : 4000)),
  Number(values.height ?? (values.http ? 1200 : 3000)),
];
for (const [name, value] of Object.entries({
  images,
  concurrency,
  width,
  height,
  uploaders: Number(values.uploaders),
  seconds: Number(values.seconds),
}))
  if (!Number.isInteger(value) || value < 1) refuse(`--${name} must be a positive integer`, USAGE);

if (values.http) {
  await runMediaHttp({
    uploaders: Number(values.uploaders),
    seconds: Number(values.seconds),
    width,
    height,
    storage: values.storage,
  });
  process.exit(0);
}

const upload = await sharp({
  create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
})
  .jpeg({ quality: 90 })
  .toBuffer();

/** The event loop's delay (ms) while `during` runs, sampled every 10 ms. */
async function loopDelay(during: () => Promise<unknown>) {
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  await during();
  histogram.disable();
  const ms = (ns: number) => Math.round(ns / 1e5) / 10;
  return { p50: ms(histogram.percentile(50)), p99: ms(histogram.percentile(99)), max: ms(histogram.max) };
}

const idle = await loopDelay(() => new Promise((resolve) => setTimeout(resolve, 2_000)));

const processor = new MediaProcessor({
  maxBytes: DEFAULT_MEDIA_MAX_BYTES,
  maxPixels: DEFAULT_MEDIA_MAX_PIXELS,
  concurrency,
  queueMax: images,
  perUser: 1,
});
await processor.process(0, upload); // warm-up: libvips's first use loads its codecs
const latencies: number[] = [];
const started = performance.now();
const busy = await loopDelay(() =>
  Promise.all(
    Array.from({ length: images }, async (_, user) => {
      const begun = performance.now();
      await processor.process(user + 1, upload);
      latencies.push(performance.now() - begun);
    }),
  ),
);
const seconds = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const at = (q: number) => Math.round(latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!);

console.log(
  `${images} uploads of ${width}×${height} (${(upload.length / 1e6).toFixed(1)} MB JPEG), ${concurrency} at once, ${availableParallelism()} cores`,
);
console.log(
  `  ${(images / seconds).toFixed(2)} images/s; one image ${Math.round((seconds * 1000 * concurrency) / images)} ms of a thread`,
);
console.log(`  latency in the queue and processing: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
console.log(`  event loop delay idle:  p50 ${idle.p50} ms, p99 ${idle.p99} ms, max ${idle.max} ms`);
console.log(`  event loop delay flood: p50 ${busy.p50} ms, p99 ${busy.p99} ms, max ${busy.max} ms`);
