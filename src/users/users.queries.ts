import type { EntityManager } from '@mikro-orm/postgresql';
import { notFound } from '../errors.js';
import type { Page } from '../schemas.js';
import { userWithRelationsJson } from '../sql.js';
import { User } from './user.entity.js';
import type { UserSummary } from './user-summary.schema.js';
import type { UserWithRelations } from './users.schemas.js';

export const USER_NOT_FOUND = 'User not found';

/** A profile with posts, comments, followed and followers, built in one statement; or 404. */
export async function readUserWithRelations(em: EntityManager, id: number): Promise<UserWithRelations> {
  const [row] = await em.execute<{ json: UserWithRelations }[]>(
    `select ${userWithRelationsJson('u')} as json from users u where u.id = ?`,
    [id],
  );
  if (!row) throw notFound(USER_NOT_FOUND);
  return row.json;
}

/** Users by id; a page of them after `before` when asked. */
export async function listUserSummaries(em: EntityManager, { limit, before }: Page = {}): Promise<UserSummary[]> {
  const users = await em.find(User, before === undefined ? {} : { id: { $gt: before } }, {
    fields: ['id', 'firstName', 'lastName'],
    orderBy: { id: 'asc' },
    limit,
  });
  return users.map(({ id, firstName, lastName }) => ({ id, firstName, lastName }));
}

export async function assertUserExists(em: EntityManager, id: number): Promise<void> {
  if ((await em.count(User, { id })) === 0) throw notFound(USER_NOT_FOUND);
}
