// The channels' calls, shared by the profile, the admin's Messages tab and /venue.
import type { CallBody } from './calls';
import { api } from './api-client';

export const getChannelPrefs = () => api('getChannelPrefs');
export const setChannelPrefs = (body: CallBody<'setChannelPrefs'>) => api('setChannelPrefs', body);
export const savePushSubscription = (sub: CallBody<'savePushSubscription'>) => api('savePushSubscription', sub);
export const removePushSubscription = (endpoint: string) => api('removePushSubscription', { endpoint });

export const getAnnouncements = () => api('getAnnouncements');
export const getAnnouncementAudience = (body: CallBody<'getAnnouncementAudience'>) =>
  api('getAnnouncementAudience', body);
export const sendAnnouncementTest = (body: CallBody<'sendAnnouncementTest'>) => api('sendAnnouncementTest', body);
export const createAnnouncement = (body: CallBody<'createAnnouncement'>) => api('createAnnouncement', body);
export const stopAnnouncement = (id: number) => api('stopAnnouncement', { id });
export const getMemberDeliveries = (email: string) => api('getMemberDeliveries', { email });
export const getVenueNotices = () => api('getVenueNotices');
