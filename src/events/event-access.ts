import { forbidden } from '../platform/errors.js';

/** Nobody creates or moves an event into another user's name. */
export function assertOwnUserId(userId: number | undefined, callerId: number): void {
  if (userId !== undefined && userId !== callerId) throw forbidden('UserId must be your own user id');
}
