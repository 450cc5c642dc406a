// Registers the contribute area's English strings for t() (docs/decisions/115): imported by the code that shows them.
import { addMessages } from '../../i18n-core';
import { contributeEn } from './contribute.en';

addMessages(contributeEn);
