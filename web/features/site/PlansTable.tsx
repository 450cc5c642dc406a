import { t } from '../../../core/i18n';
import '../../../core/messages/areas/site';
import { formatINR, rupeesToPaise } from '../../../core/money';
import './site.css';

// Plan prices are whole rupees: the paise (".00") only widen the table on a phone.
const wholeRupees = (rupees: number) => formatINR(rupeesToPaise(rupees)).replace(/\.00$/, '');

type Plan = { code: string; name: string; pricePerPerson: number };
type Feature = { name: string; plans: string[] };

/** The membership plans table of SPEC.md sections 2 and 9: one column per plan, one row per benefit. */
export function PlansTable({
  plans,
  features,
  caption,
  priceLabel,
  featureLabel,
}: {
  plans: Plan[];
  features: Feature[];
  caption: string;
  priceLabel: string;
  featureLabel: string;
}) {
  return (
    <div className="table-wrap">
      <table className="plans-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{featureLabel}</th>
            {plans.map((p) => (
              <th scope="col" key={p.code}>
                {p.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr className="plans-price">
            <th scope="row">{priceLabel}</th>
            {plans.map((p) => (
              <td key={p.code}>{wholeRupees(p.pricePerPerson)}</td>
            ))}
          </tr>
          {features.map((f) => (
            <tr key={f.name}>
              <th scope="row">{f.name}</th>
              {plans.map((p) =>
                f.plans.includes(p.code) ? (
                  <td key={p.code} className="yes">
                    <span aria-hidden="true">✓</span>
                    <span className="visually-hidden">{t('site.included')}</span>
                  </td>
                ) : (
                  <td key={p.code} className="no">
                    <span aria-hidden="true">–</span>
                    <span className="visually-hidden">{t('site.notIncluded')}</span>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
