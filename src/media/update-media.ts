import { authedProcedure } from '../auth/procedures.js';
import { updateMediaDescriptionAsOwner } from './media.queries.js';
import { MediaAttachment, updateMediaInput } from './media.schemas.js';
import { attachmentOf } from './uploads.js';

export const updateMedia = authedProcedure
  .meta({
    openapi: { method: 'PATCH', path: '/media/{id}', tags: ['media'], summary: "Set an upload's alt text" },
    errors: { 400: 'Invalid ID, or the description is too long', 404: 'No upload of the caller with that ID' },
  })
  .input(updateMediaInput)
  .output(MediaAttachment)
  .mutation(async ({ ctx, input }) =>
    attachmentOf(
      await updateMediaDescriptionAsOwner(ctx.em, input.id, ctx.user.userId, input.description),
      ctx.services.media.urlBase,
    ),
  );
