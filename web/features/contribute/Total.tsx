import { t } from '../../../core/i18n';
import '../../../core/messages/areas/contribute';
import { formatINR } from '../../../core/money';
import type { WaiverApplied } from '../../../core/pricing';

/**
 * The total bars' amount (docs/decisions/275): less the membership fee waiver when the member's year is known
 * (`waiver` null: nothing waived), else said to be before it. The summary stays the authority on what is paid.
 */
export function Total({ paise, waiver }: { paise: number; waiver: WaiverApplied | null | undefined }) {
  return (
    <span className="ct-total">
      <span data-testid="total">
        {t('contribute.total', { amount: formatINR(paise - (waiver?.waivedPaise ?? 0)) })}
      </span>
      {waiver !== null && (
        <small className="ct-waiver" data-testid="total-note">
          {waiver ? t('contribute.waivedFor', { count: waiver.waivedUnits }) : t('contribute.beforeWaiver')}
        </small>
      )}
    </span>
  );
}
