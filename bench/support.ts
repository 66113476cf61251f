import { type Agent, type ClientRequest, get } from 'node:http';

/**
 * Opens a GET /live/feed stream as `token`'s owner and records, per post id, the instants its
 * events have wholly arrived; resolves once the stream is open, with its request (destroy it to close).
 */
export function subscribe(
  baseUrl: string,
  agent: Agent,
  token: string,
  deliveries: Map<number, number[]>,
): Promise<ClientRequest> {
  return new Promise((resolve, reject) => {
    const request = get(`${baseUrl}/live/feed`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`GET /live/feed: ${res.statusCode}`));
      res.setEncoding('utf8');
      let pending = '';
      res.on('data', (chunk: string) => {
        pending += chunk;
        for (let end = pending.indexOf('\n\n'); end >= 0; end = pending.indexOf('\n\n')) {
          const id = /^id: (\d+)$/m.exec(pending.slice(0, end))?.[1];
          if (id) {
            const times = deliveries.get(Number(id));
            if (times) times.push(Date.now());
            else deliveries.set(Number(id), [Date.now()]);
          }
          pending = pending.slice(end + 2);
        }
      });
      res.on('error', () => undefined); // a stream closed by the bench itself
      resolve(request);
    });
    request.on('error', reject);
  });
}
