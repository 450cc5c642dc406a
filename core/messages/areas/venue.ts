// Registers the venue area's English strings for t() (docs/decisions/115): imported by the code that shows them.
import { addMessages } from '../../i18n-core';
import { venueEn } from './venue.en';

addMessages(venueEn);
