import type { ScheduledController } from '@cloudflare/workers-types';
import { app } from './app';
import type { Bindings, ExecutionContext } from './env';
import { runChannelsStep } from './services/channels/announcements';
import { runReminderStep } from './services/channels/renewals';
import { runScheduled } from './services/scheduled';

export default {
  fetch: app.fetch,
  async scheduled(_controller: ScheduledController, env: Bindings, ctx: ExecutionContext) {
    ctx.waitUntil(runScheduled(env));
    ctx.waitUntil(runReminderStep(env)); // renewal reminders, one batch per run (docs/decisions/091)
    // announcements' next members, then every WhatsApp, push and announcement email due (docs/decisions/233)
    ctx.waitUntil(runChannelsStep(env));
  },
};
