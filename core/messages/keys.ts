// Every message key of t(): the shared strings (en.ts) and each area's (core/messages/areas/, docs/decisions/115).
// Types only, so importing it loads no catalogue.
import type { CheckoutKey } from './areas/checkout.en';
import type { ConsoleKey } from './areas/console.en';
import type { ContributeKey } from './areas/contribute.en';
import type { MembershipKey } from './areas/membership.en';
import type { PassesKey } from './areas/passes.en';
import type { PassStepsKey } from './areas/pass-steps.en';
import type { ProfileKey } from './areas/profile.en';
import type { ServerKey } from './areas/server.en';
import type { SiteKey } from './areas/site.en';
import type { SponsorKey } from './areas/sponsor.en';
import type { VenueKey } from './areas/venue.en';
import type { WebKey } from './areas/web.en';
import type { SharedKey } from './en';

export type MessageKey =
  | SharedKey
  | WebKey
  | SiteKey
  | ContributeKey
  | MembershipKey
  | PassesKey
  | PassStepsKey
  | SponsorKey
  | CheckoutKey
  | ProfileKey
  | VenueKey
  | ConsoleKey
  | ServerKey;
