// The Bengali the Worker needs for emails in the member's language: the email sentences and the renewal
// catalogue (worker/lib/mail.ts). The screens' catalogue (messages/bn.ts) stays out of the Worker: every
// Bengali letter is 6 bytes there (\u09xx), and no email uses it. The browser loads Bengali on demand instead
// (core/i18n.ts loadLocale); tests that need the whole catalogue call registerCatalogue themselves.
import { registerExtra, setTranslatorFactory } from './i18n';
import { makeTranslator } from './i18n-translate';
import { mailBn } from './messages/mail.bn';
import { mailEn } from './messages/mail.en';
import { renewalsBn } from './renewals/messages.bn';
import { renewalsEn } from './renewals/messages.en';

registerExtra('bn-IN', 'renewals', renewalsBn, renewalsEn);
registerExtra('bn-IN', 'mail', mailBn, mailEn);
setTranslatorFactory(makeTranslator);

export { fromEnglish, parseLocale, tIn, type Locale } from './i18n';
