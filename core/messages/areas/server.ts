// Registers the Worker's own answers for t(): imported by core/i18n.ts. The browser's build swaps this module for
// server.browser.ts (vite.config.ts), so screens do not ship them; Bengali loads them with every area.
import { addMessages } from '../../i18n-core';
import { serverEn } from './server.en';

addMessages(serverEn);
