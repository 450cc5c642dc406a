import { api } from '../../lib/api-client';

export const getUserProfile = () => api('getUserProfile');
export const sendVerificationEmail = () => api('sendVerificationEmail');
