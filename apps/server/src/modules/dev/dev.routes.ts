import { safeString } from '@encore/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';

const OutboxMail = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  kind: z.string(),
  created_at: z.string(),
});

const OutboxSms = z.object({
  id: z.number(),
  to: z.string(),
  body: z.string(),
  kind: z.string(),
  created_at: z.string(),
});

/** GET /dev/outbox: the mail the outbox adapter kept, newest first. Registered outside production only. */
export function devRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/dev/outbox',
      {
        schema: {
          tags: ['dev'],
          querystring: z.object({
            to: safeString().optional(),
            limit: z.coerce.number().int().min(1).max(500).default(50),
          }),
          response: { 200: z.array(OutboxMail) },
        },
      },
      async (req) => {
        let q = deps.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(req.query.limit);
        if (req.query.to) q = q.where('to_address', '=', req.query.to.trim().toLowerCase());
        const rows = await q.execute();
        return rows.map((r) => ({
          id: r.id,
          to: r.to_address,
          subject: r.subject,
          text: r.text_body,
          html: r.html_body,
          kind: r.kind,
          created_at: new Date(r.created_at).toISOString(),
        }));
      },
    );

    /** GET /dev/sms-outbox: the SMS the outbox adapter kept (phone login codes), newest first. */
    app.get(
      '/dev/sms-outbox',
      {
        schema: {
          tags: ['dev'],
          querystring: z.object({
            to: safeString().optional(),
            limit: z.coerce.number().int().min(1).max(500).default(50),
          }),
          response: { 200: z.array(OutboxSms) },
        },
      },
      async (req) => {
        let q = deps.db.selectFrom('sms_outbox').selectAll().orderBy('id', 'desc').limit(req.query.limit);
        // Filtered by the number as stored (phoneKey form: no spaces or hyphens).
        if (req.query.to) q = q.where('to_number', '=', req.query.to.replace(/[\s-]/g, ''));
        const rows = await q.execute();
        return rows.map((r) => ({
          id: r.id,
          to: r.to_number,
          body: r.body,
          kind: r.kind,
          created_at: new Date(r.created_at).toISOString(),
        }));
      },
    );
  };
}
