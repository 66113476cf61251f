import type { RequestHandler, Response } from 'express';
import type { PoolClient } from 'pg';
import QueryStream from 'pg-query-stream';
import { authenticate } from '../auth/authenticate.js';
import { bearerToken, type AppServices } from '../trpc.js';
import { postListQuery } from './posts.queries.js';

/** A streamed list may take minutes on a large data set; every other statement keeps the short limit. */
const STREAM_STATEMENT_TIMEOUT = '10min';

/**
 * GET /posts and GET /posts/followed without `limit`/`before` hold every post, as the spec says:
 * on a large data set that is hundreds of megabytes of JSON. Rather than build it all in memory,
 * stream it: the same statement and JSON as the procedures, rows written as they arrive, with
 * backpressure, so memory stays flat however many posts there are. Anything else (pages, errors)
 * goes on to the procedures.
 */
export function streamUnpagedPosts(services: AppServices): RequestHandler {
  return async (req, res, next) => {
    if (req.query.limit !== undefined || req.query.before !== undefined) return next();
    const em = services.orm.em.fork();
    const caller = await authenticate(em, services.config, bearerToken(req.headers.authorization)).catch(() => null);
    if (!caller) return next(); // the procedure answers the 401, in the one error format

    const followed = /\/followed\/?$/i.test(req.path);
    const { sql, params } = postListQuery(followed ? { followerId: caller.userId } : {});
    let n = 0;
    const text = sql.replace(/\?/g, () => `$${++n}`);
    const knexClient = em.getConnection().getKnex().client;
    let connection: PoolClient | undefined;
    try {
      connection = (await knexClient.acquireConnection()) as PoolClient;
      // One transaction: a consistent snapshot, and a statement timeout that fits a long stream.
      await connection.query('begin');
      await connection.query(`set local statement_timeout = '${STREAM_STATEMENT_TIMEOUT}'`);
      const rows = connection.query(new QueryStream(text, params, { batchSize: 500 }));
      res.once('close', () => rows.destroy());
      // A connection lost mid-query is not always reported to the stream: end it ourselves.
      const lost = (error?: Error) => rows.destroy(error ?? new Error('database connection ended'));
      connection.once('error', lost).once('end', lost);
      rows.once('close', () => connection?.off('error', lost).off('end', lost));
      let first = true;
      for await (const row of rows as AsyncIterable<{ json: unknown }>) {
        if (first) res.status(200).type('application/json').write('[');
        const chunk = `${first ? '' : ','}${JSON.stringify(row.json)}`;
        first = false;
        if (!res.write(chunk)) await writableOrClosed(res);
        if (res.destroyed) break;
      }
      await connection.query(res.destroyed ? 'rollback' : 'commit');
      if (!res.destroyed) res.end(first ? '[]' : ']');
    } catch (error) {
      await connection?.query('rollback').catch(() => undefined);
      // Nothing sent yet: the procedure answers, and maps the failure (a lost database is a 503).
      if (!res.headersSent) return next();
      req.log?.error({ err: error }, 'streaming a post list failed');
      res.destroy(); // a truncated body must not pass for a whole one
    } finally {
      if (connection) await knexClient.releaseConnection(connection);
    }
  };
}

/** Resolves when the socket takes more data, or the client has gone. */
function writableOrClosed(res: Response): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}
