/**
 * @feedline/client: typed tRPC and REST clients for the service. Everything here is types plus
 * @trpc/client, openapi-fetch and eventsource: no server code is loaded.
 */
export {
  createFeedlineTrpcClient,
  bearerHeader,
  type AppRouter,
  type FeedlineClientOptions,
  type FeedlineTrpcClient,
} from './trpc.js';
export { createFeedlineRestClient, type FeedlineRestClient, type paths } from './rest.js';
