import type { UserInfo } from '../../../core/contracts/accounts';
import { api } from '../../lib/api-client';
import { deviceId } from '../../lib/session';

type Message = { message: string };

export const login = (email: string, password: string) =>
  api<UserInfo>('login', { email: email.trim(), password: password.trim(), iid: deviceId() });

export const signUp = (f: { name: string; mobile: string; email: string; password: string }) =>
  api<Message>('signUp', {
    name: f.name.trim(),
    mobile: f.mobile.trim(),
    email: f.email.trim(),
    password: f.password.trim(),
  });

export const signUpAndLogin = (f: { name: string; mobile: string; email: string; password: string }) =>
  api<UserInfo>('signUpAndLogin', {
    name: f.name.trim(),
    mobile: f.mobile.trim(),
    email: f.email.trim(),
    password: f.password.trim(),
    iid: deviceId(),
  });

export const forgotPasswd = (email: string) => api<Message>('forgotPasswd', { email: email.trim() });

export const changePasswd = (f: { email: string; tempPasswd: string; newPasswd: string }) =>
  api<Message>('changePasswd', {
    email: f.email.trim(),
    tempPasswd: f.tempPasswd.trim(),
    newPasswd: f.newPasswd.trim(),
  });

export const verifyEmail = (token: string) => api<Message>('verifyEmail', { token });
