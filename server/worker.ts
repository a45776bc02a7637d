// One brand's Worker: the app for every request, the queue's consumer, the Cron Triggers' jobs.
import { createApp } from './app';
import { D1Deliveries } from './db/deliveries';
import { D1LeadStore } from './db/leads';
import { consumeLeads } from './delivery/consumer';
import { deliveryContext } from './delivery/notifier';
import { brandOf, type Env, type LeadMessage, type MessageBatch } from './env';
import { runJobs } from './jobs';

const app = createApp();

export default {
  fetch: (request: Request, env: Env, ctx: ExecutionContext) => app.fetch(request, env, ctx),

  async queue(batch: MessageBatch<LeadMessage>, env: Env): Promise<void> {
    const store = new D1LeadStore(env.DB);
    const deliveries = new D1Deliveries(env.DB);
    await consumeLeads(batch, env, store, deliveries, deliveryContext(env, store), brandOf(env));
  },

  scheduled: (controller: ScheduledController, env: Env) =>
    runJobs(env, new Date(controller.scheduledTime)),
} satisfies ExportedHandler<Env, LeadMessage>;
