import { router } from '../trpc/trpc.js';
import { countUnread } from './count-unread.js';
import { listNotifications } from './list-notifications.js';
import { markRead } from './mark-read.js';

// The fixed /notifications/unread-count is declared before anything it could be mistaken for.
export const notificationsRouter = router({
  unreadCount: countUnread,
  list: listNotifications,
  markRead,
});
