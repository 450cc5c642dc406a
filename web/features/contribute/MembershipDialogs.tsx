// The membership page's two dialogs (SPEC.md section 9): the plans' comparison and the question asked when no
// membership is chosen. They load when first asked for, not with the page (docs/decisions/176).
import { useNavigate } from 'react-router-dom';
import type { ProductView } from '../../../core/contracts/catalogue';
import { t } from '../../../core/i18n';
import '../../../core/messages/areas/contribute';
import '../../../core/messages/areas/membership';
import '../../../core/messages/areas/site';
import { formatINR } from '../../../core/money';
import { paths } from '../../lib/paths';
import { Dialog } from '../../components/Dialog';
import plansEn from '../../content/plans.json';
import { localized, productName } from '../../lib/content';

export function PlanComparison({ memberships, onClose }: { memberships: ProductView[]; onClose: () => void }) {
  const plans = localized('plans', plansEn);
  // the comparison's plans and prices are the live catalogue's once it has answered
  const comparePlans =
    memberships.length > 0
      ? memberships.map((p) => ({ code: p.code, name: productName(p), pricePerPerson: p.price }))
      : plans.plans;
  return (
    <Dialog title={t('contribute.comparison')} onClose={onClose}>
      <div className="table-wrap">
        <table className="ct-compare" style={{ ['--plans' as string]: comparePlans.length }}>
          <thead>
            <tr>
              <th scope="col">{plans.featureLabel}</th>
              {comparePlans.map((pl) => (
                <th key={pl.code} scope="col">
                  {pl.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">{plans.priceLabel}</th>
              {comparePlans.map((pl) => (
                <td key={pl.code}>{formatINR(pl.pricePerPerson * 100)}</td>
              ))}
            </tr>
            {plans.features.map((f) => (
              <tr key={f.name}>
                <th scope="row">{f.name}</th>
                {comparePlans.map((pl) => (
                  <td key={pl.code}>
                    {f.plans.includes(pl.code) ? (
                      <span role="img" aria-label={t('site.included')}>
                        ✓
                      </span>
                    ) : (
                      <span role="img" aria-label={t('site.notIncluded')}>
                        –
                      </span>
                    )}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="hint">{plans.familyBenefit}</p>
      <p className="hint">{plans.note}</p>
    </Dialog>
  );
}

export function ZeroConfirm({ total, onClose }: { total: number; onClose: () => void }) {
  const navigate = useNavigate();
  return (
    <Dialog title={t('contribute.zeroTitle')} onClose={onClose}>
      <p>{t('contribute.zeroBody', { amount: formatINR(total) })}</p>
      <div className="dialog-actions">
        <button type="button" className="btn" onClick={onClose}>
          {t('contribute.stayHere')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => navigate(paths.sponsorship)}>
          {t('contribute.yesProceed')}
        </button>
      </div>
    </Dialog>
  );
}
