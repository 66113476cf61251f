import { connect } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { expectApiError } from '../support/fixtures.js';
import { PASSWORD, type TestUser, useHarness } from '../support/harness.js';

/**
 * What reaches the service below HTTP's usual shape: requests Node's parser refuses, requests that
 * arrive too slowly, bodies of the wrong media type. Every answer is the documented JSON error.
 */
const h = useHarness({ REQUEST_TIMEOUT_MS: '1000' });
let user: TestUser;
beforeAll(async () => {
  user = await h.user();
});

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
  /** Milliseconds from the first byte sent to the connection's end. */
  tookMs: number;
}

/** Writes `head` (then `trickle` a byte at a time, every 200 ms) on a raw socket; resolves when the server closes it. */
function raw(head: string, trickle = ''): Promise<RawAnswer> {
  const url = new URL(h.baseUrl);
  const startedAt = performance.now();
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname, () => socket.write(head));
    let received = '';
    let sent = 0;
    const dripping = setInterval(() => {
      if (sent < trickle.length && socket.writable) socket.write(trickle[sent++]!);
    }, 200);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      clearInterval(dripping);
      const [headers = '', body = ''] = received.split('\r\n\r\n', 2);
      resolve({ status: Number(headers.split(' ')[1]), headers, body, tookMs: performance.now() - startedAt });
    });
  });
}

describe("what Node's HTTP parser refuses", () => {
  it('a request with two different Content-Lengths is a JSON 400', async () => {
    const answer = await raw('POST /posts HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab');
    expect(answer.status).toBe(400);
    expect(answer.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.body)).toEqual({ message: 'Malformed HTTP request', code: 'BAD_REQUEST' });
  });

  it('headers over the limit are a JSON 431', async () => {
    const answer = await raw(`GET /posts HTTP/1.1\r\nHost: x\r\nX-Padding: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.status).toBe(431);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'REQUEST_HEADER_FIELDS_TOO_LARGE' });
  });

  it('a body that trickles in is cut at REQUEST_TIMEOUT_MS with a JSON 408, not after Node’s 300 s', async () => {
    const head = `POST /auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n`;
    const answer = await raw(head, '{"email":"someone@example.com","password":"x"}'.padEnd(100));
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toEqual({ message: 'The request did not arrive in time', code: 'TIMEOUT' });
    // 1 s allowed, checked every 250 ms; generous for a loaded machine, far below 300 s.
    expect(answer.tookMs).toBeLessThan(10_000);
  });
});

describe('bodies', () => {
  it('a 413 for a declared length over the cap carries the security headers too', async () => {
    const answer = await raw(
      'POST /posts HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2000000\r\n\r\n',
    );
    expect(answer.status).toBe(413);
    expect(answer.headers).toMatch(/content-security-policy:/i);
    expect(answer.headers).toMatch(/x-content-type-options: nosniff/i);
  });

  it('a media type that only starts like JSON is a 415', async () => {
    const answer = await h.request('POST', '/posts', {
      token: user.token,
      headers: { 'content-type': 'application/jsonfoo' },
      rawBody: JSON.stringify({ title: 't', content: 'c' }),
    });
    expectApiError(answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('DELETE /users/me with a body that is not JSON is a 415, and the account stays', async () => {
    const answer = await h.request('DELETE', '/users/me', {
      token: user.token,
      headers: { 'content-type': 'text/plain' },
      rawBody: JSON.stringify({ password: PASSWORD }),
    });
    expectApiError(answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await h.request('GET', '/users/me', { token: user.token })).status).toBe(200);
  });

  // JSON.parse of a megabyte nested half a million deep holds the event loop for a quarter of a
  // second: the depth is measured on the bytes, and a body too deep is never parsed.
  it.each([
    ['the fast path', { 'content-type': 'application/json' }],
    ['express.json', { 'content-type': 'application/json; charset=UTF-8' }],
  ])('a body nested too deep is refused before it is parsed (%s)', async (_path, headers) => {
    const body = `{"a":${'['.repeat(500_000)}${']'.repeat(500_000)}}`;
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const answer = await h.request('POST', '/posts', { token: user.token, headers, rawBody: body });
      expect(answer.status, answer.text).toBe(400);
      expect(answer.body.message).toMatch(/nested more than 64 levels deep/);
      expect(parse.mock.calls.filter(([text]) => typeof text === 'string' && text.length >= body.length)).toEqual([]);
    } finally {
      parse.mockRestore();
    }
  });
});

describe('Expect: 100-continue', () => {
  /** Sends the head alone; resolves with the first answer, and sends `body` if that answer is a 100. */
  function expectContinue(head: string, body: string): Promise<{ first: string; final: Promise<string> }> {
    const url = new URL(h.baseUrl);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(url.port), url.hostname, () => socket.write(head));
      let received = '';
      let first: string | undefined;
      let finalAnswer: (text: string) => void;
      const final = new Promise<string>((done) => (finalAnswer = done));
      socket.setEncoding('utf8');
      socket.on('error', reject);
      socket.on('data', (chunk: string) => {
        received += chunk;
        if (first === undefined && received.includes('\r\n\r\n')) {
          first = received.slice(0, received.indexOf('\r\n'));
          if (first.includes(' 100 ')) {
            received = received.slice(received.indexOf('\r\n\r\n') + 4);
            socket.write(body);
          }
          resolve({ first, final });
        }
        if (first !== undefined && /\r\n\r\n[^]*\}$/.test(received)) {
          finalAnswer(received.slice(0, received.indexOf('\r\n')));
          socket.destroy();
        }
      });
      socket.on('close', () => {
        if (first === undefined) reject(new Error(`closed before an answer: ${received}`));
        finalAnswer(received.slice(0, received.indexOf('\r\n')));
      });
    });
  }

  it('an upload the gate refuses gets its final answer first: the body is never asked for', async () => {
    const { first } = await expectContinue(
      'POST /media HTTP/1.1\r\nHost: x\r\nContent-Type: image/png\r\nContent-Length: 2000000\r\nExpect: 100-continue\r\n\r\n',
      '',
    );
    expect(first).toBe('HTTP/1.1 401 Unauthorized');
  });

  // As Node reads Expect: any case, among other expectations.
  it.each(['100-continue', '100-Continue', 'x, 100-continue'])(
    'a request that goes on is told to send its body, and is answered (Expect: %s)',
    async (expectation) => {
      const body = JSON.stringify({ title: 'asked first', content: 'then sent' });
      const { first, final } = await expectContinue(
        `POST /posts HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${user.token}\r\nContent-Type: application/json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: ${expectation}\r\n\r\n`,
        body,
      );
      expect(first).toBe('HTTP/1.1 100 Continue');
      expect(await final).toBe('HTTP/1.1 201 Created');
    },
  );

  it('an HTTP/1.0 client is never sent a 100 (RFC 9110): its answer is the final one', async () => {
    const body = JSON.stringify({ title: 'old client', content: 'sent at once' });
    const { first } = await expectContinue(
      `POST /posts HTTP/1.0\r\nHost: x\r\nAuthorization: Bearer ${user.token}\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\n\r\n${body}`,
      '',
    );
    expect(first).toBe('HTTP/1.1 201 Created');
  });
});
