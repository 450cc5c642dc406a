import { type InputHTMLAttributes, useCallback, useId, useLayoutEffect, useRef, useState } from 'react';
import type { MessageKey } from '../../core/i18n';
import type { ApiErrorCode } from '../lib/api-client';
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
 * One problem at a time, in place (docs/decisions/104, 160): its text goes under the field it is about (`Field`'s
 * `error`: aria-invalid, aria-describedby, role="alert"), and that field (found by its `name` in `form`) takes
 * the focus. For a check of the screen's own, or a server answer about one field (a taken email).
 */
export function useFieldError() {
  const [problem, setProblem] = useState<{ field: string; text: string } | null>(null);
  const formOf = useRef<HTMLFormElement | null>(null);
  // The field takes the focus as the problem is drawn, in the same commit: a focus moved later (on the next frame)
  // could land after the person has moved on, and their next keystrokes would go into the wrong field.
  useLayoutEffect(() => {
    if (problem) formOf.current?.querySelector<HTMLElement>(`[name="${problem.field}"]`)?.focus();
  }, [problem]);
  const show = useCallback((form: HTMLFormElement | null, field: string, text: string) => {
    formOf.current = form;
    setProblem({ field, text });
  }, []);
  const errorOf = (field: string) => (problem?.field === field ? problem.text : null);
  const clear = useCallback(() => setProblem(null), []);
  return { show, errorOf, clear };
}

/**
 * Inline validation of a form whose rules return a message key (core/contracts/accounts.ts): the message goes
 * under the field it is about, which takes the focus (docs/decisions/104). `order` lists the form's fields (their
 * `name`s) in screen order; a "mandatory" message points at the first empty one.
 */
export function useFieldProblem(order: readonly string[]) {
  const { show, errorOf, clear } = useFieldError();
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
      show(form, field, t(key));
    },
    [order, show],
  );
  return { report, errorOf, clear, show };
}

/**
 * The field a server's refusal is about, when it is about one: a taken email, or a 400 whose description starts
 * with the field's name (the API contract names the field). Anything else stays a message of the screen.
 */
export function fieldOfError(
  e: { code: ApiErrorCode; message: string; field?: string | null },
  fields: readonly string[],
): string | null {
  if (e.code === 'EmailTaken' && fields.includes('email')) return 'email';
  if (e.code === 'TransactionIdUsed' && fields.includes('offlineTxnId')) return 'offlineTxnId';
  // the answer names its field (params.field); an older answer only in its text's first word
  if (e.code === 'BadRequest' && e.field && fields.includes(e.field)) return e.field;
  if (e.code === 'BadRequest') return fields.find((f) => new RegExp(`^${f}\\b`).test(e.message)) ?? null;
  return null;
}
