// The profile's own calls: the member's details and a new verification email.
import type { UserProfile } from '../../../core/contracts/accounts';
import { api } from '../../lib/api-client';

type Message = { message: string };

export const getUserProfile = () => api<UserProfile>('getUserProfile');
export const sendVerificationEmail = () => api<Message>('sendVerificationEmail');
