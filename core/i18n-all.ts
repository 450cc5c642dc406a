// Every language loaded at once, for the Worker (emails in the member's language) and for tests. The browser
// loads Bengali on demand instead (core/i18n.ts loadLocale), so that English pages do not ship it.
import { registerCatalogue, registerExtra } from './i18n';
import { bn } from './messages/bn';
import { mailBn } from './messages/mail.bn';
import { mailEn } from './messages/mail.en';
import { renewalsBn } from './renewals/messages.bn';
import { renewalsEn } from './renewals/messages.en';

registerCatalogue('bn-IN', bn);
registerExtra('bn-IN', 'renewals', renewalsBn, renewalsEn);
registerExtra('bn-IN', 'mail', mailBn, mailEn);

export { fromEnglish, parseLocale, tIn, type Locale } from './i18n';
