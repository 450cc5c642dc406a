import { en, type MessageKey } from './messages/en';

export type { MessageKey };

/** Fills the {placeholders} of a message (any catalogue: messages/en.ts, renewals/messages.en.ts). */
export function format(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** Looks a message up by key and fills {placeholders}. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return format(en[key], params);
}
