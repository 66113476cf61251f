import { defineEntity } from '@mikro-orm/core';

export const User = defineEntity({
  name: 'User',
  tableName: 'users',
  properties: (p) => ({
    id: p.integer().primary(),
    // Stored trimmed and lower-cased, so the unique key is case-insensitive.
    email: p.string().length(254).unique('users_email_unique'),
    // Never serialised and not loaded unless asked for.
    passwordHash: p.text().hidden().lazy(true, false),
    firstName: p.string().length(100),
    lastName: p.string().length(100),
    createdAt: p.datetime(3).defaultRaw('now()'),
  }),
});
