import type { CallBody } from '../../lib/calls';
import { api } from '../../lib/api-client';

export const getUserProfile = () => api('getUserProfile');
export const sendVerificationEmail = () => api('sendVerificationEmail');
export const updateUserProfile = (body: CallBody<'updateUserProfile'>) => api('updateUserProfile', body);
export const changeEmail = (body: CallBody<'changeEmail'>) => api('changeEmail', body);
export const getMyData = () => api('getMyData');
export const deleteAccount = (body: CallBody<'deleteAccount'>) => api('deleteAccount', body);
