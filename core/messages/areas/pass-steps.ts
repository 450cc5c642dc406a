// Registers the pass steps' English strings for t() (docs/decisions/115): imported by the code that shows them.
import { addMessages } from '../../i18n-core';
import { passStepsEn } from './pass-steps.en';

addMessages(passStepsEn);
