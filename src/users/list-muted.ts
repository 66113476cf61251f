import { listLinkedUsers } from './safety-procedures.js';
import { MUTE } from './safety.queries.js';

export const listMuted = listLinkedUsers(MUTE, 'Users the caller mutes, newest mute first');
