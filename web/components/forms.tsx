import { type InputHTMLAttributes, useCallback, useId, useState } from 'react';
import type { MessageKey } from '../../core/i18n';
import { t } from '../../core/i18n';

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { label: string; error?: string | null };

/** A labelled input: every control has a visible label tied to it; an error is shown under it and announced. */
export function Field({ label, error, ...rest }: FieldProps) {
  const id = useId();
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-err` : undefined}
        {...rest}
      />
      {error ? (
        <small className="field-error" id={`${id}-err`} role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}

/**
 * Inline validation of a form whose rules return a message key (core/contracts/accounts.ts): the message goes
 * under the field it is about, which takes the focus (docs/decisions/104). `order` lists the form's fields (their
 * `name`s) in screen order; a "mandatory" message points at the first empty one.
 */
export function useFieldProblem(order: readonly string[]) {
  const [problem, setProblem] = useState<{ field: string; text: string } | null>(null);
  const report = useCallback(
    (form: HTMLFormElement | null, key: MessageKey, values: Record<string, string>) => {
      const field =
        key === 'email.invalid' || key === 'email.invalidDialog'
          ? 'email'
          : key === 'mobile.invalid'
            ? 'mobile'
            : key === 'password.tooShort'
              ? order.includes('newPasswd')
                ? 'newPasswd'
                : 'password'
              : (order.find((n) => !(values[n] ?? '').trim()) ?? order[0]!);
      setProblem({ field, text: t(key) });
      requestAnimationFrame(() => form?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus());
    },
    [order],
  );
  const errorOf = (field: string) => (problem?.field === field ? problem.text : null);
  const clear = useCallback(() => setProblem(null), []);
  return { report, errorOf, clear };
}
