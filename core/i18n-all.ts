// Every language loaded at once, for the Worker (emails in the member's language) and for tests. The browser
// loads Bengali on demand instead (core/i18n.ts loadLocale), so that English pages do not ship it.
import { registerCatalogue, registerExtra } from './i18n';
import { bn } from './messages/bn';
import { renewalsBn } from './renewals/messages.bn';

registerCatalogue('bn-IN', bn);
registerExtra('bn-IN', 'renewals', renewalsBn);

export { parseLocale, tIn, type Locale } from './i18n';
