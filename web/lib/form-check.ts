import type * as z from 'zod';
import { describeIssues } from '../../core/contracts/issues';
import { addMessages } from '../../core/i18n';
import { serverEn } from '../../core/messages/areas/server.en';

// The contracts' messages are the Worker's keys (`input.*`), which the browser's build leaves out of English
// (vite.config.ts): a form that checks with a contract brings them, in its own lazy chunk. Bengali has them with
// every area (loadLocale).
addMessages(serverEn);

/** A form's first problem: the field it is about (null: none of the form's) and its text in the reader's language. */
export type FormProblem = { field: string | null; text: string };

/**
 * A form's values checked by the call's own contract before they are sent (docs/decisions/276), so a rule is stated
 * once: the first issue, in the words the server would answer (`describeIssues`: the catalogue's text by key, in
 * the reader's language), at the field `fieldOf` names for the issue's dotted path (by default the path itself).
 * The caller shows it with `useFieldError().show` (web/components/forms.tsx), or as a toast when `field` is null.
 */
export function formProblem(
  schema: z.ZodType,
  values: unknown,
  fieldOf: (path: string) => string | null = (path) => path,
): FormProblem | null {
  const checked = schema.safeParse(values);
  const issue = checked.success ? undefined : checked.error.issues[0];
  if (!issue) return null;
  const path = issue.path.map(String).join('.');
  const { text } = describeIssues([issue]);
  return { field: path ? fieldOf(path) : null, text };
}
