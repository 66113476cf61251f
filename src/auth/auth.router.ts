import { router } from '../trpc.js';
import { login } from './login.js';
import { logout } from './logout.js';
import { register } from './register.js';
import { signup } from './signup.js';

export const authRouter = router({ signup, register, login, logout });
