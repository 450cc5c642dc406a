// The Gate sales tab's calls, in a file of their own: only that tab (a chunk loaded when it opens) imports them, so
// they travel with it rather than in the admin console's first load (as web/features/profile/contributions-api.ts).
import type { CallBody } from '../../lib/calls';
import { api } from '../../lib/api-client';

export const getGateSales = () => api('getGateSales', {});
export const recordCashHandover = (body: CallBody<'recordCashHandover'>) => api('recordCashHandover', body);
export const resolveGateConflict = (orderRcptId: string, note: string) =>
  api('resolveGateConflict', { orderRcptId, note });
