import { linkUser } from './safety-procedures.js';
import { MUTE } from './safety.queries.js';

export const muteUser = linkUser(MUTE, "Mute a user (their posts and notifications leave the caller's feed and lists)");
