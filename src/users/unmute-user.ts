import { unlinkUser } from './safety-procedures.js';
import { MUTE } from './safety.queries.js';

export const unmuteUser = unlinkUser(MUTE, 'Unmute a user');
