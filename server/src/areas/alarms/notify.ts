/**
 * E-mail about firings (docs/alarms.md "Notifications"), through SMTP_URL when it is set: each user
 * chooses (alarm_settings.notify) `immediate` — one mail after each evaluation that fired their alarms
 * — or `daily` — one digest a day of the firings not mailed yet — or `off`. A firing is mailed once
 * (alarm_firings.notified_at). Without SMTP_URL nothing is sent and firings stay in the screen only.
 */
import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { queryRows, type Db } from '../../db/client';
import { fromMinor } from '../../lib/money';

type Mailer = { send(to: string, subject: string, text: string): Promise<void> };

export function smtpMailer(url: string, from: string): Mailer {
  const transport: Transporter = nodemailer.createTransport(url);
  return {
    async send(to, subject, text) {
      await transport.sendMail({ from, to, subject, text });
    },
  };
}

type FiringLine = {
  id: number;
  product_name: string;
  shop_name: string;
  country: string;
  rule: string;
  value: number | null;
  old_price: number | null;
  new_price: number | null;
  fired_at: Date | string;
};

const RULE_TEXT: Record<string, string> = {
  below: 'price below',
  above: 'price above',
  diff_pct: 'cheaper than your shop by % at least',
  diff_money: 'cheaper than your shop by at least',
  promo_start: 'promo started',
  promo_end: 'promo ended',
  in_stock: 'back in stock',
  out_of_stock: 'out of stock',
};

const money = (minor: number | null) => (minor === null ? '—' : fromMinor(minor).toFixed(2));

function mailText(lines: FiringLine[]): string {
  const body = lines.map((l) => {
    const rule = `${RULE_TEXT[l.rule] ?? l.rule}${l.value === null ? '' : ` ${l.value}`}`;
    return `- ${l.product_name} — ${l.shop_name}: ${rule}; ${money(l.old_price)} → ${money(l.new_price)}`;
  });
  return `Your price alarms fired:\n\n${body.join('\n')}\n\nSee them in Pricewatch under Alarms.\n`;
}

async function unnotified(db: Db, userId: string): Promise<FiringLine[]> {
  return queryRows<FiringLine>(
    db,
    sql`SELECT f.id, p.name AS product_name, s.name AS shop_name, s.country, f.rule, f.value, f.old_price, f.new_price, f.fired_at
        FROM alarm_firings f JOIN products p ON p.id = f.product_id JOIN shops s ON s.id = f.shop_id
        WHERE f.owner_id = ${userId} AND f.notified_at IS NULL
        ORDER BY f.id LIMIT 500`,
  );
}

/** Mails a user's unmailed firings and marks them mailed; false when there was nothing. */
async function mailUser(db: Db, mailer: Mailer, userId: string, email: string, subjectPrefix: string): Promise<boolean> {
  const lines = await unnotified(db, userId);
  if (!lines.length) return false;
  await mailer.send(email, `${subjectPrefix}: ${lines.length} price alarm${lines.length === 1 ? '' : 's'} fired`, mailText(lines));
  await db.execute(sql`UPDATE alarm_firings SET notified_at = now() WHERE id = ANY(${sql.param(lines.map((l) => Number(l.id)))}::bigint[])`);
  return true;
}

/** After an evaluation: immediate mails to the owners who chose them. */
export async function sendImmediate(db: Db, mailer: Mailer, owners: string[]): Promise<number> {
  if (!owners.length) return 0;
  const users = await queryRows<{ user_id: string; email: string }>(
    db,
    sql`SELECT user_id::text AS user_id, email FROM alarm_settings
        WHERE notify = 'immediate' AND email IS NOT NULL AND email <> '' AND user_id = ANY(${sql.param(owners)}::uuid[])`,
  );
  let sent = 0;
  for (const u of users) if (await mailUser(db, mailer, u.user_id, u.email, 'Pricewatch')) sent++;
  return sent;
}

/** The digest job: users on `daily` whose last digest is a day old (or who never had one). */
export async function sendDigests(db: Db, mailer: Mailer, now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000 + 60_000);
  const users = await queryRows<{ user_id: string; email: string }>(
    db,
    sql`SELECT user_id::text AS user_id, email FROM alarm_settings
        WHERE notify = 'daily' AND email IS NOT NULL AND email <> ''
          AND (last_digest_at IS NULL OR last_digest_at <= ${dayAgo.toISOString()}::timestamptz)`,
  );
  let sent = 0;
  for (const u of users) {
    if (await mailUser(db, mailer, u.user_id, u.email, 'Pricewatch daily digest')) {
      sent++;
      await db.execute(sql`UPDATE alarm_settings SET last_digest_at = ${now.toISOString()}::timestamptz WHERE user_id = ${u.user_id}`);
    }
  }
  return sent;
}
