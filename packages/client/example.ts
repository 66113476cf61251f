/**
 * Signs up two people, logs in, posts, follows, reads the feed and receives a post live, against a running server.
 *   npm start            (in another terminal)
 *   npm run example      (FEEDLINE_URL=http://localhost:3000 by default)
 */
import { randomUUID } from 'node:crypto';
import { createFeedlineRestClient } from './src/rest.js';
import { createFeedlineTrpcClient } from './src/trpc.js';

const baseUrl = process.env.FEEDLINE_URL ?? 'http://localhost:3000';
const password = 'example password';

async function signUpAndLogIn(firstName: string) {
  const anonymous = createFeedlineTrpcClient({ baseUrl });
  const email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const user = await anonymous.auth.signup.mutate({
    email,
    password,
    passwordValidation: password,
    firstName,
    lastName: 'Example',
  });
  const { token } = await anonymous.auth.login.mutate({ email, password });
  return { user, token };
}

const ada = await signUpAndLogIn('Ada');
const grace = await signUpAndLogIn('Grace');
console.log('signed up', ada.user, 'and', grace.user);

// Typed RPC.
const asGrace = createFeedlineTrpcClient({ baseUrl, token: grace.token });
const post = await asGrace.posts.create.mutate({ title: 'Hello from the tRPC client', content: 'Typed end to end.' });
console.log('Grace posted', post.id, post.title);

// Plain REST, typed from the OpenAPI document.
const asAda = createFeedlineRestClient({ baseUrl, token: ada.token });
const follow = await asAda.POST('/users/{id}/follow', { params: { path: { id: grace.user.id } } });
console.log('Ada follows', follow.data?.firstName, '- followers:', follow.data?.followers.length);
const feed = await asAda.GET('/posts/followed');
console.log(
  "Ada's feed:",
  feed.data?.map((p) => `${p.createdBy.firstName}: ${p.title}`),
);

// Live: Ada's feed pushed as it happens (tRPC subscription over server-sent events).
const liveAda = createFeedlineTrpcClient({ baseUrl, token: ada.token });
const arrived = new Promise<void>((resolve, reject) => {
  const subscription = liveAda.live.feed.subscribe(undefined, {
    onStarted: () => {
      asGrace.posts.create.mutate({ title: 'Pushed live', content: 'No polling.' }).catch(reject);
    },
    onData: ({ id, data }) => {
      console.log(`Ada's live feed: event ${id}, ${data.createdBy.firstName}: ${data.title}`);
      subscription.unsubscribe();
      resolve();
    },
    onError: reject,
  });
});
await arrived;
