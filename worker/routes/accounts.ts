import { Hono } from 'hono';
import {
  changePasswdRequest,
  forgotPasswdRequest,
  loginRequest,
  signUpAndLoginRequest,
  signUpRequest,
  verifyEmailRequest,
} from '../../core/contracts/accounts';
import { emptyBody } from '../../core/contracts/common';
import type { AppEnv } from '../env';
import { input } from '../lib/input';
import { limitByAddress } from '../lib/rate-limit';
import { actorOf, requireRole } from '../lib/session';
import { svc } from '../lib/svc';
import * as accounts from '../services/accounts';
import { getSettings } from '../services/settings';

export const accountsRoutes = new Hono<AppEnv>()
  .post('/signUp', limitByAddress('auth'), input(signUpRequest), async (c) => {
    const data = await accounts.signUp(svc(c), { ...c.req.valid('json'), iid: null }, { login: false });
    return c.json({ data });
  })
  .post('/signUpAndLogin', limitByAddress('auth'), input(signUpAndLoginRequest), async (c) => {
    const data = await accounts.signUp(svc(c), c.req.valid('json'), { login: true });
    return c.json({ data });
  })
  .post('/login', limitByAddress('auth'), input(loginRequest), async (c) => {
    return c.json({ data: await accounts.login(svc(c), c.req.valid('json')) });
  })
  .post('/logout', requireRole('user'), input(emptyBody), async (c) => {
    await accounts.logout(svc(c), actorOf(c));
    return c.json({ data: { loggedOut: true } });
  })
  .post('/forgotPasswd', limitByAddress('mail'), input(forgotPasswdRequest), async (c) => {
    return c.json({ data: await accounts.forgotPassword(svc(c), c.req.valid('json')) });
  })
  .post('/changePasswd', limitByAddress('auth'), input(changePasswdRequest), async (c) => {
    return c.json({ data: await accounts.changePassword(svc(c), c.req.valid('json')) });
  })
  .post('/getUserProfile', requireRole('user'), input(emptyBody), (c) => {
    return c.json({ data: accounts.profileOf(actorOf(c)) });
  })
  .post('/sendVerificationEmail', requireRole('user'), limitByAddress('mail'), input(emptyBody), async (c) => {
    return c.json({ data: await accounts.resendVerification(svc(c), actorOf(c)) });
  })
  .post('/verifyEmail', input(verifyEmailRequest), async (c) => {
    return c.json({ data: await accounts.verifyEmail(svc(c), c.req.valid('json').token) });
  })
  .post('/isMembershipLive', input(emptyBody), async (c) => {
    const { membershipLive } = await getSettings(svc(c).db, ['membershipLive']);
    return c.json({ data: { available: membershipLive }, available: membershipLive });
  })
  .post('/isDailyPassLive', input(emptyBody), async (c) => {
    const { dailyPassLive } = await getSettings(svc(c).db, ['dailyPassLive']);
    return c.json({ data: { available: dailyPassLive }, available: dailyPassLive });
  });
