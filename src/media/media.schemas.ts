import { z } from 'zod';
import { byIdInput, idOutput, storedText } from '../trpc/schemas.js';
import { MEDIA_DESCRIPTION_MAX, MEDIA_DESCRIPTION_MAX_BYTES, MEDIA_STATES } from './media.entity.js';

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
    width: z.int().nullable(),
    height: z.int().nullable(),
    blurhash: z.string().nullable(),
    description: z.string(),
  })
  .meta({ id: 'MediaAttachment' });

export type MediaAttachment = z.infer<typeof MediaAttachment>;

export const updateMediaInput = byIdInput.extend({ description: mediaDescription });
