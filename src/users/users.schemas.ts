import { z } from 'zod';
import { Comment, Post } from '../posts/posts.schemas.js';
import { UserSummary } from './user-summary.schema.js';

export const UserWithRelations = UserSummary.extend({
  posts: z.array(Post),
  comments: z.array(Comment),
  followed: z.array(UserSummary),
  followers: z.array(UserSummary),
}).meta({ id: 'UserWithRelations' });

export type UserWithRelations = z.infer<typeof UserWithRelations>;
