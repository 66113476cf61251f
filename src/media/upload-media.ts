import { authedProcedure } from '../auth/procedures.js';
import { IMAGE_TYPES, MediaAttachment, uploadInput } from './media.schemas.js';
import { uploadMedia } from './uploads.js';

/**
 * What every upload procedure (this one, users.setAvatar) starts from: the place before the input,
 * so reading it (a body, a stream) happens only in a place of the queue. The HTTP layer took it
 * (upload-gate.ts); createCaller takes it here. A refusal before the image used it gives it back.
 */
export const uploadProcedure = authedProcedure.use(({ ctx, next }) => {
  const { processor, uploadsUnderWay } = ctx.services.media;
  const place = ctx.processingPlace ?? processor.reserve(ctx.user.userId);
  const call = next({ ctx: { place } }).finally(place.release);
  uploadsUnderWay.add(call);
  return call.finally(() => uploadsUnderWay.delete(call));
});

export const uploadMediaProcedure = uploadProcedure
  .meta({
    openapi: {
      method: 'POST',
      path: '/media',
      tags: ['media'],
      summary: 'Upload an image',
      description:
        'Upload an image, as the raw body (its content-type one of the image types) or as multipart/form-data ' +
        '(a `file` part and an optional `description`). The type is read from the bytes. Answers 201 when the ' +
        'image is ready, 202 while it is still processing (see GET /media/{id}); attach it by id to a post.',
    },
    rawBody: { types: IMAGE_TYPES },
    successStatus: 201,
    errors: {
      400: 'No file part, or the description is too long',
      422: 'The image is damaged, truncated, or has more pixels than allowed',
    },
  })
  .input(uploadInput)
  .output(MediaAttachment)
  .mutation(({ ctx, input }) => uploadMedia(ctx, input));
