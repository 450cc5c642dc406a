import { api } from '../../lib/api-client';
import { deviceId } from '../../lib/session';

export const login = (email: string, password: string) =>
  api('login', { email: email.trim(), password: password.trim(), iid: deviceId() });

export const signUp = (f: { name: string; mobile: string; email: string; password: string }) =>
  api('signUp', {
    name: f.name.trim(),
    mobile: f.mobile.trim(),
    email: f.email.trim(),
    password: f.password.trim(),
  });

export const forgotPasswd = (email: string) => api('forgotPasswd', { email: email.trim() });

export const changePasswd = (f: { email: string; tempPasswd: string; newPasswd: string }) =>
  api('changePasswd', {
    email: f.email.trim(),
    tempPasswd: f.tempPasswd.trim(),
    newPasswd: f.newPasswd.trim(),
  });

export const verifyEmail = (token: string) => api('verifyEmail', { token });
