// The Worker's Bengali: what the build writes to the static asset WORKER_BENGALI_ASSET
// (scripts/vite-worker-bengali.mjs; the worker tests' assets likewise). Never imported by the Worker itself, which
// reads the asset (core/i18n-all.ts, docs/decisions/110); its English catalogues are in its bundle.
import { mailBn } from './messages/mail.bn';
import { notifyBn } from './messages/notify.bn';
import { renewalsBn } from './renewals/messages.bn';

export { WORKER_BENGALI_ASSET } from './i18n-all';
export const workerBengali = { mailBn, renewalsBn, notifyBn };
