// Registers the sponsor area's English strings for t() (docs/decisions/115): imported by the code that shows them.
import { addMessages } from '../../i18n-core';
import { sponsorEn } from './sponsor.en';

addMessages(sponsorEn);
