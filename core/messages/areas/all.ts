// Every area in both languages: what the Bengali chunk loads (core/i18n.ts loadLocale) and what
// core/messages/catalogues.test.ts walks. Screens import their own area instead (docs/decisions/115).
import { bn } from '../bn';
import { en } from '../en';
import { checkoutBn } from './checkout.bn';
import { checkoutEn } from './checkout.en';
import { consoleBn } from './console.bn';
import { consoleEn } from './console.en';
import { contributeBn } from './contribute.bn';
import { contributeEn } from './contribute.en';
import { membershipBn } from './membership.bn';
import { membershipEn } from './membership.en';
import { passesBn } from './passes.bn';
import { passesEn } from './passes.en';
import { passStepsBn } from './pass-steps.bn';
import { passStepsEn } from './pass-steps.en';
import { profileBn } from './profile.bn';
import { profileEn } from './profile.en';
import { serverBn } from './server.bn';
import { serverEn } from './server.en';
import { siteBn } from './site.bn';
import { siteEn } from './site.en';
import { sponsorBn } from './sponsor.bn';
import { sponsorEn } from './sponsor.en';
import { venueBn } from './venue.bn';
import { venueEn } from './venue.en';
import { webBn } from './web.bn';
import { webEn } from './web.en';

/** [English, Bengali] of each area; `shared` is core/messages/en.ts and bn.ts (the screens' and the Worker's). */
export const AREAS: Record<string, [Record<string, string>, Record<string, string>]> = {
  shared: [en, bn],
  web: [webEn, webBn],
  site: [siteEn, siteBn],
  contribute: [contributeEn, contributeBn],
  membership: [membershipEn, membershipBn],
  passes: [passesEn, passesBn],
  'pass-steps': [passStepsEn, passStepsBn],
  sponsor: [sponsorEn, sponsorBn],
  checkout: [checkoutEn, checkoutBn],
  profile: [profileEn, profileBn],
  venue: [venueEn, venueBn],
  console: [consoleEn, consoleBn],
  server: [serverEn, serverBn],
};

export const allEn = Object.assign({}, ...Object.values(AREAS).map(([english]) => english)) as Record<string, string>;
export const allBn = Object.assign({}, ...Object.values(AREAS).map(([, bengali]) => bengali)) as Record<string, string>;
