/**
 * The yardstick of `npm run bench`, never a product: the benchmarked requests answered by bare
 * node:http + pg, one hand-written SQL statement per request (two for like/unlike), no framework,
 * no validation layer, no session lookup (the JWT signature is checked, nothing more). It uses the
 * service's SQL fragments, so the bytes differ from the service's only in whitespace, and the
 * comparison measures what the framework layers cost.
 *
 *   DATABASE_URL=… JWT_SECRET=… PORT=3901 WORKERS=2 node --import tsx bench/baseline.ts
 */
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import argon2 from 'argon2';
import jwt from 'jsonwebtoken';
import pg from 'pg';
import { postJson, userWithRelationsJson } from '../src/sql.js';

const { DATABASE_URL, JWT_SECRET = '', PORT = '3901', WORKERS = '1' } = process.env;

if (cluster.isPrimary && Number(WORKERS) > 1) {
  for (let i = 0; i < Number(WORKERS); i++) cluster.fork();
} else {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, max: 10 });
  const one = async (sql: string, params: unknown[]) => (await pool.query(sql, params)).rows[0];

  const send = (res: ServerResponse, status: number, json?: string) => {
    res.writeHead(status, json === undefined ? {} : { 'content-type': 'application/json' });
    res.end(json);
  };
  const fail = (res: ServerResponse, status: number, message: string, code: string) =>
    send(res, status, JSON.stringify({ message, code }));
  const body = async (req: IncomingMessage) => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text ? JSON.parse(text) : {};
  };
  const caller = (req: IncomingMessage): number | undefined => {
    try {
      const token = req.headers.authorization?.slice('Bearer '.length) ?? '';
      return Number((jwt.verify(token, JWT_SECRET, { algorithms: ['HS256'] }) as jwt.JwtPayload).sub);
    } catch {
      return undefined;
    }
  };
  const postList = (where: string, limit: boolean) =>
    `select coalesce(json_agg(x.json order by x.created_at desc, x.id desc), '[]')::text as json
     from (select ${postJson('p')} as json, p.created_at, p.id from posts p ${where}
           order by p.created_at desc, p.id desc ${limit ? 'limit $LIMIT' : ''}) x`;

  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://x');
      const path = url.pathname.replace(/\/$/, '');
      if (req.method === 'POST' && path === '/auth/login') {
        const { email, password } = await body(req);
        const user = await one('select id, password_hash from users where email = $1', [String(email).toLowerCase()]);
        if (!user || !(await argon2.verify(user.password_hash, password))) {
          return fail(res, 401, 'Invalid email or password', 'UNAUTHORIZED');
        }
        const jti = randomUUID();
        await pool.query(`insert into sessions (jti, user_id, expires_at) values ($1, $2, now() + interval '1 hour')`, [
          jti,
          user.id,
        ]);
        const token = jwt.sign({}, JWT_SECRET, { subject: String(user.id), jwtid: jti, expiresIn: 3600 });
        return send(res, 200, JSON.stringify({ status: 'success', token, jwt: token }));
      }
      const userId = caller(req);
      if (userId === undefined) return fail(res, 401, 'Authentication required', 'UNAUTHORIZED');
      const limit = url.searchParams.get('limit');
      const id = Number(/^\/(?:posts|users)\/(\d+)/.exec(path)?.[1]);

      if (req.method === 'GET' && (path === '/posts' || path === '/posts/followed')) {
        const followed = path === '/posts/followed';
        const sql = postList(
          followed ? 'where p.author_id in (select followed_id from follows where follower_id = $1)' : '',
          limit !== null,
        ).replace('$LIMIT', followed ? '$2' : '$1');
        const params = [...(followed ? [userId] : []), ...(limit !== null ? [Number(limit)] : [])];
        return send(res, 200, (await one(sql, params)).json);
      }
      if (req.method === 'GET' && path.startsWith('/posts/')) {
        const row = await one(`select (${postJson('p')})::text as json from posts p where p.id = $1`, [id]);
        return row ? send(res, 200, row.json) : fail(res, 404, 'Post not found', 'NOT_FOUND');
      }
      if (req.method === 'GET' && path.startsWith('/users/')) {
        const row = await one(`select (${userWithRelationsJson('u')})::text as json from users u where u.id = $1`, [
          id,
        ]);
        return row ? send(res, 200, row.json) : fail(res, 404, 'User not found', 'NOT_FOUND');
      }
      if (req.method === 'POST' && path === '/posts') {
        const { title, content } = await body(req);
        const row = await one(
          `with p as (insert into posts (title, content, author_id) values ($1, $2, $3) returning *)
           select (${postJson('p')})::text as json from p`,
          [String(title).trim(), String(content).trim(), userId],
        );
        return send(res, 201, row.json);
      }
      if (path.endsWith('/like') && (req.method === 'POST' || req.method === 'DELETE')) {
        const changed =
          req.method === 'POST'
            ? await pool.query('insert into post_likes (post_id, user_id) values ($1, $2) on conflict do nothing', [
                id,
                userId,
              ])
            : await pool.query('delete from post_likes where post_id = $1 and user_id = $2', [id, userId]);
        if (changed.rowCount === 0) return fail(res, 400, 'Post already liked', 'BAD_REQUEST');
        const row = await one(`select (${postJson('p')})::text as json from posts p where p.id = $1`, [id]);
        return send(res, 200, row.json);
      }
      fail(res, 404, 'Not found', 'NOT_FOUND');
    } catch (error) {
      console.error(error);
      fail(res, 500, 'Internal server error', 'INTERNAL_SERVER_ERROR');
    }
  });
  server.keepAliveTimeout = 60_000;
  server.listen(Number(PORT), '127.0.0.1');
}
