import { createTRPCClient, httpBatchLink } from '@trpc/client';
// Type-only: consumers get full types without pulling in any server code.
import type { AppRouter } from '../src/router.js';

export type { AppRouter };

export interface FeedlineClientOptions {
  /** Where the service runs, e.g. http://localhost:3000 */
  baseUrl: string;
  /** A bearer token, or a function returning the current one (undefined: anonymous). */
  token?: string | (() => string | undefined);
}

export function bearerHeader(token: FeedlineClientOptions['token']): Record<string, string> {
  const value = typeof token === 'function' ? token() : token;
  return value ? { authorization: `Bearer ${value}` } : {};
}

/** A typed tRPC client: `client.posts.create.mutate({ title, content })`, `client.users.me.query()`. */
export function createFeedlineTrpcClient({ baseUrl, token }: FeedlineClientOptions) {
  return createTRPCClient<AppRouter>({
    // The server accepts at most 20 calls in one batch.
    links: [
      httpBatchLink({ url: new URL('/trpc', baseUrl).toString(), headers: () => bearerHeader(token), maxItems: 20 }),
    ],
  });
}

export type FeedlineTrpcClient = ReturnType<typeof createFeedlineTrpcClient>;
