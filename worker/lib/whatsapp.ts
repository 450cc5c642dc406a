// The WhatsApp Business Cloud API over fetch (docs/decisions/231): one template message per call, Meta's request
// and error shapes. WHATSAPP_PROVIDER=local sends the same request to the built-in stand-in (worker/dev/whatsapp.ts)
// in-process, as the Razorpay client reaches the test gateway.
import { WA_TEMPLATES, type WaTemplate } from '../../core/channels';
import type { Bindings } from '../env';
import type { Config } from './config';
import { localApp } from './local-tools';

export type WaMessage = {
  /** E.164 */
  to: string;
  template: WaTemplate;
  lang: 'en' | 'bn';
  /** the template's body parameters, by name (core/channels.ts WA_TEMPLATES gives the order) */
  params: Record<string, string>;
  /** the URL button's suffix: the path after the site's origin */
  link: string;
};

/** Meta refuses a parameter with a line break, a tab or more than four spaces in a row. */
const flat = (text: string) =>
  text
    .replace(/\s*[\n\r\t]+\s*/g, ' ')
    .replace(/ {5,}/g, '    ')
    .trim() || '-';

/** The Cloud API's body for a template message. */
export function templateRequest(m: WaMessage) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: m.to,
    type: 'template',
    template: {
      name: m.template,
      language: { code: m.lang },
      components: [
        {
          type: 'body',
          // a template the code does not know sends what it has: Meta refuses the name (132001)
          parameters: (WA_TEMPLATES[m.template] ?? Object.keys(m.params)).map((p) => ({
            type: 'text',
            text: flat(m.params[p] ?? ''),
          })),
        },
        { type: 'button', sub_type: 'url', index: '0', parameters: [{ type: 'text', text: m.link }] },
      ],
    },
  };
}

/** A refusal of the Cloud API: its code (e.g. 132001), whether trying again later may help, and its text. */
export class WhatsAppError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
  }
}

// Throttling and Meta's own trouble (Graph API 1, 2, 4, 80007; Cloud API 130429 throughput, 131000 unknown,
// 131016 service unavailable, 131056 pair rate limit): worth another try later. Everything else will not change.
const RETRY = new Set([1, 2, 4, 80007, 130429, 131000, 131016, 131056]);

/** Sends one template message; answers Meta's message id (wamid) or throws WhatsAppError. */
export async function sendWhatsApp(config: Config, env: Bindings, m: WaMessage): Promise<string> {
  const local = config.WHATSAPP_PROVIDER === 'local';
  const base = local ? 'http://localhost/dev/whatsapp/v23.0' : config.WHATSAPP_API_URL;
  const req = new Request(`${base}/${config.WHATSAPP_PHONE_NUMBER_ID}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${config.WHATSAPP_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(templateRequest(m)),
  });
  let res: Response;
  try {
    res = await (local ? localApp()(req, env) : fetch(req));
  } catch (err) {
    throw new WhatsAppError(0, `unreachable: ${String(err)}`, true);
  }
  const body = (await res.json().catch(() => ({}))) as {
    messages?: { id: string }[];
    error?: { code?: number; message?: string; error_data?: { details?: string } };
  };
  const id = body.messages?.[0]?.id;
  if (res.ok && id) return id;
  const code = body.error?.code ?? 0;
  const text = [body.error?.message ?? `HTTP ${res.status}`, body.error?.error_data?.details]
    .filter(Boolean)
    .join(': ');
  throw new WhatsAppError(code, text, RETRY.has(code) || res.status === 429 || res.status >= 500);
}
