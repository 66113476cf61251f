import { router } from '../trpc/trpc.js';
import { changePassword } from './change-password.js';
import { endSession } from './end-session.js';
import { listSessions } from './list-sessions.js';
import { login } from './login.js';
import { logout } from './logout.js';
import { register } from './register.js';
import { signup } from './signup.js';

export const authRouter = router({
  signup,
  register,
  login,
  logout,
  changePassword,
  sessions: listSessions,
  endSession,
});
