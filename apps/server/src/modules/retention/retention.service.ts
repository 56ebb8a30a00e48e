import type { FastifyBaseLogger } from 'fastify';
import type { RetentionRepo } from './retention.repo.ts';

/**
 * How long what is kept is kept (accounts section 9, COM-62, docs/decisions.md): the dispute record
 * of a canceled or refunded order 3 years from its cancellation; access logs 3 months.
 */
export const RETENTION = { disputeRecordYears: 3, accessLogMonths: 3 } as const;
/**
 * Credentials (docs/decisions.md "Credentials and sessions"): outbox rows a week (the longest-lived
 * secret a development outbox holds is a 24-hour link; a week of delivery records serves support);
 * a device cookie's record a year after its last password login, as long as the cookie lives.
 */
export const CREDENTIAL_RETENTION = { outboxDays: 7, loginDeviceDays: 365 } as const;
const daysBefore = (d: Date, days: number) => new Date(d.getTime() - days * 24 * 3600_000);
/** The job runs this often on every node; a purge is idempotent, so nodes need no coordination. */
export const RETENTION_INTERVAL_MS = 6 * 60 * 60 * 1000;

const yearsBefore = (d: Date, years: number) => {
  const c = new Date(d);
  c.setUTCFullYear(c.getUTCFullYear() - years);
  return c;
};
const monthsBefore = (d: Date, months: number) => {
  const c = new Date(d);
  c.setUTCMonth(c.getUTCMonth() - months);
  return c;
};

export type PurgeCounts = {
  disputeRecords: number;
  deviceSessions: number;
  hangSessions: number;
  analyticsEvents: number;
  outboxMessages: number;
  loginDevices: number;
};

/** The retention job: `purge` runs once (tests call it); `start` runs it on a timer until `stop`. */
export function createRetentionService(deps: {
  repo: RetentionRepo;
  log: FastifyBaseLogger;
  now?: () => Date;
  intervalMs?: number;
}) {
  const now = deps.now ?? (() => new Date());
  let timer: NodeJS.Timeout | null = null;
  let first: NodeJS.Timeout | null = null;
  let running: Promise<unknown> | null = null;

  async function purge(at: Date = now()): Promise<PurgeCounts> {
    const disputes = yearsBefore(at, RETENTION.disputeRecordYears);
    const logs = monthsBefore(at, RETENTION.accessLogMonths);
    const counts = {
      disputeRecords: await deps.repo.purgeDisputeRecords(disputes),
      deviceSessions: await deps.repo.purgeDeviceSessions(logs),
      hangSessions: await deps.repo.purgeHangSessions(logs),
      analyticsEvents: await deps.repo.purgeAnalytics(logs),
      outboxMessages: await deps.repo.purgeOutboxes(daysBefore(at, CREDENTIAL_RETENTION.outboxDays)),
      loginDevices: await deps.repo.purgeLoginDevices(daysBefore(at, CREDENTIAL_RETENTION.loginDeviceDays)),
    };
    if (Object.values(counts).some((n) => n > 0)) deps.log.info({ retention: counts }, 'retention purge');
    return counts;
  }

  const tick = () => {
    if (running) return;
    running = purge()
      .catch((err: unknown) => deps.log.error({ err }, 'retention purge failed'))
      .finally(() => {
        running = null;
      });
  };

  return {
    purge,
    start() {
      if (timer) return;
      timer = setInterval(tick, deps.intervalMs ?? RETENTION_INTERVAL_MS);
      timer.unref();
      // The first run soon after start, not a whole interval later (a node may live less than 6 h).
      first = setTimeout(tick, 5_000);
      first.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      if (first) clearTimeout(first);
      timer = null;
      first = null;
      await running;
    },
  };
}

export type RetentionService = ReturnType<typeof createRetentionService>;
