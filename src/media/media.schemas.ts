import { z } from 'zod';
import { byIdInput, idOutput, storedText } from '../trpc/schemas.js';
import { FULL_MAX_SIDE } from './process-image.js';
import { MEDIA_URL_MAX } from '../users/user.entity.js';
import { BLURHASH_LENGTH, MEDIA_DESCRIPTION_MAX, MEDIA_DESCRIPTION_MAX_BYTES, MEDIA_STATES } from './media.entity.js';

/** Alt text: optional, may be empty, bounded as other stored text. */
export const mediaDescription = storedText(MEDIA_DESCRIPTION_MAX, MEDIA_DESCRIPTION_MAX_BYTES).meta({
  description: `Alt text: at most ${MEDIA_DESCRIPTION_MAX} characters, and ${MEDIA_DESCRIPTION_MAX_BYTES} bytes as JSON`,
});

/**
 * An uploaded image as every answer shows it. While it is processing (202) only id, state and
 * description are known; a post's media are always ready. URLs name only an unguessable key: no
 * owner, no original name.
 */
export const MediaAttachment = z
  .object({
    id: idOutput,
    state: z.enum(MEDIA_STATES),
    type: z.enum(['image/jpeg', 'image/webp']).nullable(),
    url: z.string().nullable().meta({ description: 'The image, at most 2048 px on its long side' }),
    previewUrl: z.string().nullable().meta({ description: 'A preview, at most 400 px on its long side' }),
    width: z.int().min(1).max(FULL_MAX_SIDE).nullable(),
    height: z.int().min(1).max(FULL_MAX_SIDE).nullable(),
    blurhash: z.string().nullable(),
    description: z.string(),
  })
  .meta({ id: 'MediaAttachment' });

export type MediaAttachment = z.infer<typeof MediaAttachment>;

/** The most bytes of JSON of one MediaAttachment: its fields, two URLs, alt text. */
export const MEDIA_ATTACHMENT_MAX_JSON_BYTES = 141 + 2 * MEDIA_URL_MAX + BLURHASH_LENGTH + MEDIA_DESCRIPTION_MAX_BYTES;

/** Images a post holds at most. */
export const POST_MEDIA_MAX = 4;

/** `mediaIds` of a post: the caller's own ready uploads, unattached (or the edited post's own), in the order shown. */
export const mediaIds = z
  .array(byIdInput.shape.id)
  .max(POST_MEDIA_MAX)
  .refine((ids) => new Set(ids).size === ids.length, 'must not repeat an id')
  .meta({
    description: `Up to ${POST_MEDIA_MAX} of the caller's own uploads (POST /media), ready and attached to nothing else, in the order shown; on PATCH /posts/{id} they replace the post's images (list one again to keep it, [] removes all)`,
  });

export const updateMediaInput = byIdInput.extend({ description: mediaDescription });

/** The content types an upload's raw body may declare (its type is read from its bytes all the same). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'] as const;

/** An image as a procedure takes it: a Blob (a File, FormData's part) or a byte stream. */
export type UploadFile = Blob | ReadableStream<Uint8Array>;

const uploadFile = z
  .custom<UploadFile>((value) => value instanceof Blob || value instanceof ReadableStream, {
    error: 'must be an image file',
  })
  .meta({
    override: ({ jsonSchema }) => {
      Object.assign(jsonSchema, {
        type: 'string',
        contentMediaType: 'application/octet-stream',
        description: 'The image: JPEG, PNG, WebP, GIF or AVIF (read from its bytes)',
      });
    },
  });

const uploadFields = z.object({ file: uploadFile, description: mediaDescription.optional() });
export type UploadFields = z.infer<typeof uploadFields>;

/** The forms an image arrives in, by transport, as the fields the procedure reads. */
function asUploadFields(raw: unknown): unknown {
  if (raw instanceof FormData) {
    const description = raw.get('description');
    return { file: raw.get('file') ?? undefined, ...(typeof description === 'string' ? { description } : {}) };
  }
  if (raw instanceof Blob || raw instanceof ReadableStream) return { file: raw };
  if (raw instanceof Uint8Array) return { file: new Blob([raw]) };
  return raw;
}

/**
 * An upload's input on every transport: REST's raw image body (a stream) or multipart/form-data
 * (a `file` part and an optional `description`), /trpc's FormData or binary input (a stream), or
 * over createCaller any of those, a Blob or bytes.
 */
export const uploadInput = z.preprocess(asUploadFields, uploadFields) as unknown as z.ZodType<
  UploadFields,
  FormData | Blob | Uint8Array | { file: Blob; description?: string }
>;
