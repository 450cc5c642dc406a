import type { Context } from 'hono';
import { Hono } from 'hono/tiny';
import {
  changeEmailRequest,
  changePasswdRequest,
  deleteAccountRequest,
  forgotPasswdRequest,
  loginRequest,
  setLanguageRequest,
  signUpAndLoginRequest,
  signUpRequest,
  updateUserProfileRequest,
  verifyEmailRequest,
} from '../../core/contracts/accounts';
import { emptyBody } from '../../core/contracts/common';
import { type Locale, parseLocale } from '../../core/i18n';
import type { AppEnv } from '../env';
import { call } from '../lib/call';
import { actorOf } from '../lib/session';
import { svc } from '../lib/svc';
import * as accounts from '../services/accounts/accounts';
import { setLanguage } from '../services/accounts/language';
import * as privacy from '../services/accounts/privacy';

/**
 * The app's language at sign-up: the web client sends its choice in X-Samiti-Lang
 * (web/lib/api-client.ts), so the verification email is in it; a caller that sends none (or a `lang` field)
 * leaves the account's language unset, and its emails are English.
 */
function appLanguage(c: Context<AppEnv>): Locale | null {
  const header = c.req.header('X-Samiti-Lang');
  return header ? parseLocale(header) : null;
}

export const accountsRoutes = new Hono<AppEnv>()
  .post('/signUp', ...call({ role: 'public', limit: 'auth', body: signUpRequest }), async (c) => {
    const body = { ...c.req.valid('json'), iid: null };
    const data = await accounts.signUp(svc(c), { ...body, lang: body.lang ?? appLanguage(c) }, { login: false });
    return c.json({ data });
  })
  .post('/signUpAndLogin', ...call({ role: 'public', limit: 'auth', body: signUpAndLoginRequest }), async (c) => {
    const body = c.req.valid('json');
    const data = await accounts.signUp(svc(c), { ...body, lang: body.lang ?? appLanguage(c) }, { login: true });
    return c.json({ data });
  })
  .post('/login', ...call({ role: 'public', limit: 'auth', body: loginRequest }), async (c) => {
    return c.json({ data: await accounts.login(svc(c), c.req.valid('json')) });
  })
  // the session revokes itself in the batch of its own lookup (session: 'batch', docs/decisions/111)
  .post('/logout', ...call({ role: 'user', session: 'batch', body: emptyBody }), async (c) => {
    await accounts.logout(svc(c));
    return c.json({ data: { loggedOut: true } });
  })
  .post('/forgotPasswd', ...call({ role: 'public', limit: 'mail', body: forgotPasswdRequest }), async (c) => {
    return c.json({ data: await accounts.forgotPassword(svc(c), c.req.valid('json')) });
  })
  .post('/changePasswd', ...call({ role: 'public', limit: 'auth', body: changePasswdRequest }), async (c) => {
    return c.json({ data: await accounts.changePassword(svc(c), c.req.valid('json')) });
  })
  .post('/setLanguage', ...call({ role: 'user', body: setLanguageRequest }), async (c) => {
    return c.json({ data: await setLanguage(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getUserProfile', ...call({ role: 'user', replica: true, body: emptyBody }), (c) => {
    return c.json({ data: accounts.profileOf(svc(c), actorOf(c)) });
  })
  .post('/sendVerificationEmail', ...call({ role: 'user', limit: 'mail', body: emptyBody }), async (c) => {
    return c.json({ data: await accounts.resendVerification(svc(c), actorOf(c)) });
  })
  // the sign-up's verification link, or an email change's (privacy.openEmailLink tells them apart)
  .post('/verifyEmail', ...call({ role: 'public', body: verifyEmailRequest }), async (c) => {
    return c.json({ data: await privacy.openEmailLink(svc(c), c.req.valid('json')) });
  })
  // ---- a member's own data (docs/decisions/265-267) ----
  .post('/updateUserProfile', ...call({ role: 'user', body: updateUserProfileRequest }), async (c) => {
    return c.json({ data: await privacy.updateProfile(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/changeEmail', ...call({ role: 'user', limit: 'mail', body: changeEmailRequest }), async (c) => {
    return c.json({ data: await privacy.requestEmailChange(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/getMyData', ...call({ role: 'user', body: emptyBody }), async (c) => {
    return c.json({ data: await privacy.myData(svc(c), actorOf(c)) });
  })
  .post('/deleteAccount', ...call({ role: 'user', body: deleteAccountRequest }), async (c) => {
    return c.json({ data: await privacy.deleteAccount(svc(c), actorOf(c), c.req.valid('json')) });
  })
  .post('/isMembershipLive', ...call({ role: 'public', replica: true, body: emptyBody }), async (c) => {
    const data = await accounts.isLive(svc(c), 'membershipLive');
    return c.json({ data, available: data.available });
  })
  .post('/isDailyPassLive', ...call({ role: 'public', replica: true, body: emptyBody }), async (c) => {
    const data = await accounts.isLive(svc(c), 'dailyPassLive');
    return c.json({ data, available: data.available });
  });
