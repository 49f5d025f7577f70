/**
 * Wires alarms into the app (issue 15 item 2): the service, the evaluation runtime of this database
 * (hook.ts) on the `alarms.evaluate` job, and the e-mail digests when SMTP is configured. Routes and
 * other areas use `fastify.alarms`; price writers call `onPricesWritten`, named here as what alarms expose.
 */
import fp from 'fastify-plugin';
import { createFileStore, filesDirFor } from '../../core/file-store';
import { createAlarmsRuntime } from './hook';
import { sendDigests, sendImmediate, smtpMailer } from './notify';
import { createAlarmsService, type AlarmsService } from './service';

export { onPricesWritten } from './hook';
export type { AlarmsService } from './service';

declare module 'fastify' {
  interface FastifyInstance {
    alarms: { service: AlarmsService };
  }
}

/** Digests are looked at every 15 minutes; each user gets one a day at most (notify.ts). */
const DIGEST_QUEUE = 'alarms.digest';
const EVALUATE_QUEUE = 'alarms.evaluate';
/** Pairs per evaluation job (a 1M-price parser run makes 50 jobs of ~250 KB). */
const EVALUATE_JOB_PAIRS = 20_000;
const DIGEST_CRON = '*/15 * * * *';

export default fp(
  async function alarms(fastify) {
    const { config } = fastify;
    const service = createAlarmsService(fastify.db, createFileStore(fastify.db, filesDirFor(config.dataDir)));
    fastify.decorate('alarms', { service });

    const runtime = createAlarmsRuntime(fastify.db, fastify.log);
    if (config.smtp) {
      const mailer = smtpMailer(config.smtp.url, config.smtp.from);
      runtime.afterEvaluation = async (result) => {
        if (result.fired) await sendImmediate(fastify.db, mailer, [...result.owners.keys()]);
      };
      runtime.sendDigests = (now) => sendDigests(fastify.db, mailer, now);
      // The digest check is a pg-boss schedule: one process runs each tick, whatever the number of servers.
      await fastify.jobs.register(DIGEST_QUEUE, async () => {
        await runtime.sendDigests?.();
      });
      await fastify.jobs.schedule(DIGEST_QUEUE, DIGEST_CRON, {}, { tz: 'UTC' });
    }
    // Evaluation in the background (docs/alarms.md "Hook"): written pairs go to this queue in chunks.
    await fastify.jobs.register<{ p: number[]; s: number[] }>(EVALUATE_QUEUE, async (data) => {
      await runtime.evaluateNow(data.p.map((productId, i) => ({ productId, shopId: data.s[i]! })));
    });
    runtime.dispatch = async (pairs) => {
      for (let i = 0; i < pairs.length; i += EVALUATE_JOB_PAIRS) {
        const chunk = pairs.slice(i, i + EVALUATE_JOB_PAIRS);
        await fastify.jobs.send(EVALUATE_QUEUE, { p: chunk.map((x) => x.productId), s: chunk.map((x) => x.shopId) });
      }
    };
    fastify.addHook('onClose', async () => {
      await runtime.close();
    });
  },
  { name: 'alarms', dependencies: ['config', 'db', 'jobs'] },
);
