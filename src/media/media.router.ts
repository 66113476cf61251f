import { router } from '../trpc/trpc.js';
import { getMedia } from './get-media.js';
import { updateMedia } from './update-media.js';
import { uploadMediaProcedure } from './upload-media.js';

export const mediaRouter = router({
  upload: uploadMediaProcedure,
  get: getMedia,
  update: updateMedia,
});
