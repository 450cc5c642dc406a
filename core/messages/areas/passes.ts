// Registers the passes area's English strings for t() (docs/decisions/115): imported by the code that shows them.
import { addMessages } from '../../i18n-core';
import { passesEn } from './passes.en';

addMessages(passesEn);
