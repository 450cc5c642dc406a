import { useEffect } from 'react';
import { getLocale, type Locale, parseLocale, t } from '../../../core/i18n';
import { api } from '../../lib/api-client';
import { chooseLocale, useLocale } from '../../lib/locale';
import { readUserInfo, updateUserInfo, useUserInfo } from '../../lib/session';
import './lang.css';

/** Saves the language on the signed-in member's account, for the emails (docs/decisions/120). */
function saveOnAccount(lang: Locale) {
  const info = readUserInfo();
  if (!info?.session) return;
  updateUserInfo({ lang });
  api('setLanguage', { lang }).catch(() => {
    // offline or the session expired: the device keeps the choice, the next login sends it again
  });
}

/**
 * The nav's switch (বাংলা / English): it names the other language in that language. In the bar from 601 px,
 * first in the menu on a phone, where the bar has no room left (docs/decisions/120). The bar's one (`sync`)
 * also applies the account's language after a login if the member chose one before; an account without one
 * takes the device's.
 */
export function LanguageSwitch({ className, sync = false }: { className: string; sync?: boolean }) {
  const locale = useLocale();
  const user = useUserInfo();
  const session = user?.session;
  const accountLang = user?.lang;

  useEffect(() => {
    if (!sync || !session) return;
    if (accountLang) {
      const wanted = parseLocale(accountLang);
      if (wanted !== getLocale()) void chooseLocale(wanted);
    } else saveOnAccount(getLocale());
  }, [sync, session, accountLang]);

  const other: Locale = locale === 'bn-IN' ? 'en' : 'bn-IN';
  return (
    <button
      type="button"
      className={className}
      lang={other === 'bn-IN' ? 'bn-IN' : 'en'}
      aria-label={t('lang.switchLabel')}
      onClick={() => {
        // the account first, so that the effect above (run again as the app redraws) finds the new choice
        saveOnAccount(other);
        void chooseLocale(other);
      }}
    >
      {t('lang.switch')}
    </button>
  );
}
