import type { IncomingMessage } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { getTRPCErrorFromUnknown } from '@trpc/server';
import { verifyAccessToken } from '../auth/tokens.js';
import type { MediaProcessor, ProcessingPlace } from '../media/processor.js';
import { unauthorized } from '../platform/errors.js';
import { bearerToken } from '../trpc/trpc.js';
import { answerEarly, trpcPaths } from './early-answer.js';
import { receiveUploadBody, type UploadBodySettings } from './upload-body.js';
import { closeAfterAnswer, hasBody } from './wire.js';

/**
 * Uploads take their processing place (MediaProcessor.reserve) here, before a byte of their body is
 * read: /trpc's adapter reads a body whole as it arrives, before any procedure runs (FormData and
 * binary inputs alike), and REST parses multipart before its procedure too. So the bodies a process
 * holds stay bounded by its places, on every transport, however many clients send at once. Without
 * a place (429 for the user's, 503 for the process's) or without a verified token (401), the answer
 * goes at once and the body is never read. The place reaches the procedure through its context
 * (`uploadOf`), and goes back when the answer is sent or the client goes, if no image used it. With
 * its place, the body is received (upload-body.ts) into `req.body`, where readers take it, and
 * `cut` tells them when it will not come whole.
 */
export function uploadGate(
  processor: MediaProcessor,
  jwtSecret: string,
  isUpload: (req: Request) => boolean,
  bodySettings: UploadBodySettings,
): {
  gate: RequestHandler;
  uploadOf: (req: IncomingMessage) => { place: ProcessingPlace; cut: AbortSignal } | undefined;
} {
  const uploads = new WeakMap<IncomingMessage, { place: ProcessingPlace; cut: AbortSignal }>();
  const gate: RequestHandler = (req, res, next) => {
    if (!isUpload(req)) return next();
    try {
      // What authenticate answers, without its statement: the session is the procedure's to check.
      const token = bearerToken(req.headers.authorization);
      if (!token) throw unauthorized('Authentication required');
      const { userId } = verifyAccessToken(token, jwtSecret);
      const place = processor.reserve(userId);
      res.once('close', place.release);
      const { feed, cut } = receiveUploadBody(req, res, bodySettings, () => processor.coolDown(userId));
      req.body = feed;
      uploads.set(req, { place, cut });
    } catch (cause) {
      // Draining a refused body (as Node does) would cost the flood's every byte: the connection closes instead.
      if (hasBody(req)) closeAfterAnswer(req, res);
      return answerEarly(res, getTRPCErrorFromUnknown(cause), trpcPaths(req), false);
    }
    next();
  };
  return { gate, uploadOf: (req) => uploads.get(req) };
}
