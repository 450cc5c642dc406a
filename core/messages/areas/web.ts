// Registers the strings every screen shows (nav, footer, forms, dialogs) for t() (docs/decisions/115): imported
// first by the app's entry (web/main.tsx) and by the prerender (web/prerender/render.tsx); the Worker never does.
import { addMessages } from '../../i18n-core';
import { webEn } from './web.en';

addMessages(webEn);
