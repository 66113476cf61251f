import { TRPCError } from '@trpc/server';
import { imageTooLarge } from './process-image.js';

/** What a read of a body that will not arrive whole fails with (its answer, if any, went already). */
export const bodyCutError = (cut: AbortSignal) =>
  new TRPCError({
    code: 'CLIENT_CLOSED_REQUEST',
    message: 'The upload body was not received whole',
    cause: cut.reason,
  });

/**
 * Reads a body into one buffer, up to `maxBytes`: past that it stops reading at once with a 413
 * (a stream source is cancelled), so a 100 MB body costs at most `maxBytes` and a chunk. When `cut`
 * aborts (the client left, the answer went, the body trickled) a stream's read ends at once, its
 * chunks dropped: a read never waits on a body that will not come.
 */
export async function readCapped(
  source: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  maxBytes: number,
  cut?: AbortSignal,
): Promise<Buffer> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const take = (chunk: Uint8Array) => {
    total += chunk.length;
    if (total > maxBytes) throw imageTooLarge(maxBytes);
    chunks.push(chunk);
  };
  if (source instanceof ReadableStream) {
    // A reader, not the stream's iterator: cancelling it ends a read under way (the iterator's return waits for it).
    const reader = source.getReader();
    const stop = () => void reader.cancel().catch(() => undefined);
    cut?.addEventListener('abort', stop, { once: true });
    try {
      for (;;) {
        if (cut?.aborted) throw bodyCutError(cut);
        const next = await reader.read();
        if (cut?.aborted) throw bodyCutError(cut);
        if (next.done) break;
        take(next.value);
      }
    } catch (error) {
      stop();
      throw error;
    } finally {
      cut?.removeEventListener('abort', stop);
    }
  } else for await (const chunk of source) take(chunk);
  return Buffer.concat(chunks, total);
}
