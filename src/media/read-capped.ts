import { imageTooLarge } from './process-image.js';

/**
 * Reads a body into one buffer, up to `maxBytes`: past that it stops reading at once with a 413
 * (leaving the loop destroys a stream source), so a 100 MB body costs at most `maxBytes` and a chunk.
 */
export async function readCapped(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  maxBytes: number,
): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of source) {
    total += chunk.length;
    if (total > maxBytes) throw imageTooLarge(maxBytes);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, total);
}
