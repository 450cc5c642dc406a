import { en, type MessageKey } from './messages/en';

export type { MessageKey };

/** Looks a message up by key and fills {placeholders}. */
export function t(key: MessageKey, params: Record<string, string | number> = {}): string {
  return en[key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
