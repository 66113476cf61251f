import { authedProcedure } from '../auth/procedures.js';
import { byIdInput } from '../trpc/schemas.js';
import { getMediaOfOwner } from './media.queries.js';
import { MediaAttachment } from './media.schemas.js';
import { attachmentOf } from './uploads.js';

export const getMedia = authedProcedure
  .meta({
    openapi: { method: 'GET', path: '/media/{id}', tags: ['media'], summary: "One of the caller's uploads" },
    errors: { 400: 'Invalid ID', 404: 'No upload of the caller with that ID' },
  })
  .input(byIdInput)
  .output(MediaAttachment)
  .query(async ({ ctx, input }) =>
    attachmentOf(await getMediaOfOwner(ctx.em, input.id, ctx.user.userId), ctx.services.media.urlBase),
  );
