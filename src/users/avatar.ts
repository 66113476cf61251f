import { z } from 'zod';
import { authedProcedure } from '../auth/procedures.js';
import { removeAvatar } from '../media/media.queries.js';
import { IMAGE_TYPES, MediaAttachment, uploadInput } from '../media/media.schemas.js';
import { AVATAR_PREVIEW_SIDE, AVATAR_SIDE } from '../media/process-image.js';
import { deleteGoneFilesSoon } from '../media/sweeper.js';
import { uploadProcedure } from '../media/upload-media.js';
import { uploadMedia } from '../media/uploads.js';

/**
 * An avatar is an upload (the same bodies, checks, limits and quota as POST /media) cropped to a
 * square; it replaces the caller's avatar once it is ready, and the one before is deleted with its files.
 */
export const setAvatar = uploadProcedure
  .meta({
    openapi: {
      method: 'PUT',
      path: '/users/me/avatar',
      tags: ['users'],
      summary: "Set one's own avatar",
      description:
        'Set the avatar: an image as the raw body (its content-type one of the image types) or as multipart/form-data ' +
        `(a \`file\` part), as POST /media takes it. It is cropped to its middle square, ${AVATAR_SIDE}×${AVATAR_SIDE} ` +
        `(the preview ${AVATAR_PREVIEW_SIDE}×${AVATAR_PREVIEW_SIDE}), and answered as a MediaAttachment: 200 once it ` +
        "is the caller's avatar (every UserSummary's avatarUrl is its url), 202 while it is still processing " +
        '(see GET /media/{id}): it becomes the avatar when ready. The avatar before is deleted.',
    },
    rawBody: { types: IMAGE_TYPES },
    errors: {
      400: 'No file part, or the description is too long',
      422: 'The image is damaged, truncated, or has more pixels than allowed',
    },
  })
  .input(uploadInput)
  .output(MediaAttachment)
  .mutation(({ ctx, input }) => uploadMedia(ctx, input, 'avatar'));

export const deleteAvatar = authedProcedure
  .meta({
    openapi: {
      method: 'DELETE',
      path: '/users/me/avatar',
      tags: ['users'],
      summary: "Remove one's own avatar",
      description: 'Removes the avatar, if any, and deletes its files: avatarUrl is null again.',
    },
    successStatus: 204,
  })
  .input(z.void())
  .output(z.void())
  .mutation(async ({ ctx }) => {
    if (await removeAvatar(ctx.services.orm, ctx.user.userId))
      deleteGoneFilesSoon(ctx.services.orm, ctx.services.media, ctx.services.logger);
  });
