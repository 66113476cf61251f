import createClient from 'openapi-fetch';
import type { paths } from './openapi-types.js';
import { bearerHeader, type FeedlineClientOptions } from './trpc.js';

export type { paths };

/**
 * A typed REST client for callers that do not speak tRPC, generated from /openapi.json:
 * `client.GET('/posts/{id}', { params: { path: { id: 1 } } })`.
 */
export function createFeedlineRestClient({ baseUrl, token }: FeedlineClientOptions) {
  const client = createClient<paths>({ baseUrl });
  client.use({
    onRequest({ request }) {
      for (const [name, value] of Object.entries(bearerHeader(token))) request.headers.set(name, value);
      return request;
    },
  });
  return client;
}

export type FeedlineRestClient = ReturnType<typeof createFeedlineRestClient>;
