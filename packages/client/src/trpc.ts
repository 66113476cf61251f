import {
  createTRPCClient,
  httpBatchLink,
  httpLink,
  httpSubscriptionLink,
  isNonJsonSerializable,
  splitLink,
} from '@trpc/client';
import { EventSource } from 'eventsource';
// Generated from the router (npm run client:generate): full types with no server code or server types.
import type { AppRouter } from './router-types.js';

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

/**
 * A typed tRPC client: `client.posts.create.mutate({ title, content })`, `client.users.me.query()`,
 * uploads as FormData or a Blob (`client.users.setAvatar.mutate(form)`),
 * and live streams, `client.live.feed.subscribe(undefined, { onData: ({ id, data }) => … })`,
 * over server-sent events that resume from the last event after a reconnect.
 */
export function createFeedlineTrpcClient({ baseUrl, token }: FeedlineClientOptions) {
  // Under the base URL's path, as the REST client does: https://example.com/api → …/api/trpc.
  const url = `${baseUrl.replace(/\/+$/, '')}/trpc`;
  return createTRPCClient<AppRouter>({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        // This EventSource (Node has none built in before 22) sends the bearer token as a header,
        // never in the URL. A browser's own EventSource cannot: pass `ticket` from live.ticket instead.
        true: httpSubscriptionLink({
          url,
          EventSource,
          eventSourceOptions: () => ({
            fetch: (input, init) => fetch(input, { ...init, headers: { ...init.headers, ...bearerHeader(token) } }),
          }),
        }),
        false: splitLink({
          // An upload (FormData, a Blob, bytes: media.upload, users.setAvatar) is sent alone as its
          // own body; a batch carries only JSON.
          condition: (op) => isNonJsonSerializable(op.input),
          true: httpLink({ url, headers: () => bearerHeader(token) }),
          // The server accepts at most 20 calls in one batch.
          false: httpBatchLink({ url, headers: () => bearerHeader(token), maxItems: 20 }),
        }),
      }),
    ],
  });
}

export type FeedlineTrpcClient = ReturnType<typeof createFeedlineTrpcClient>;
