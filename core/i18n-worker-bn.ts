// The Worker's Bengali, with the emails' English templates it translates: what the build writes to the static
// asset WORKER_BENGALI_ASSET (scripts/vite-worker-bengali.mjs; the worker tests' assets likewise). Never imported
// by the Worker itself, which reads the asset (core/i18n-all.ts, docs/decisions/110).
import { mailBn } from './messages/mail.bn';
import { mailEn } from './messages/mail.en';
import { notifyBn } from './messages/notify.bn';
import { renewalsBn } from './renewals/messages.bn';

export { WORKER_BENGALI_ASSET } from './i18n-all';
export const workerBengali = { mailEn, mailBn, renewalsBn, notifyBn };
