import { t } from '../../../core/i18n';
import '../../../core/messages/areas/contribute';

/** The minus / quantity / plus control of a plan or pass card. */
export function Stepper({
  name,
  qty,
  max,
  onChange,
}: {
  name: string;
  qty: number;
  max: number;
  onChange: (qty: number) => void;
}) {
  return (
    <div className="ct-stepper">
      <button
        type="button"
        className="btn btn-small"
        aria-label={t('stepper.remove', { name })}
        disabled={qty <= 0}
        onClick={() => onChange(qty - 1)}
      >
        −
      </button>
      <output aria-live="polite" aria-label={t('stepper.qty', { name })}>
        {qty}
      </output>
      <button
        type="button"
        className="btn btn-small"
        aria-label={t('stepper.add', { name })}
        disabled={qty >= max}
        onClick={() => onChange(qty + 1)}
      >
        +
      </button>
    </div>
  );
}
