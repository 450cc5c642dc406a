import type { ScheduledController } from '@cloudflare/workers-types';
import { app } from './app';
import type { Bindings, ExecutionContext } from './env';
import { runReminderStep } from './services/renewals';
import { runScheduled } from './services/scheduled';

export default {
  fetch: app.fetch,
  async scheduled(_controller: ScheduledController, env: Bindings, ctx: ExecutionContext) {
    ctx.waitUntil(runScheduled(env));
    ctx.waitUntil(runReminderStep(env)); // renewal reminders, one batch per run (docs/decisions/091)
  },
};
