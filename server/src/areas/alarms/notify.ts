/**
 * E-mail about firings (docs/alarms.md "Notifications"), through SMTP_URL when it is set: each user
 * chooses (alarm_settings.notify) `immediate` — one mail after each evaluation that fired their alarms
 * — or `daily` — one digest a day of the firings not mailed yet — or `off`. A firing is mailed once
 * (alarm_firings.notified_at). Without SMTP_URL nothing is sent and firings stay in the screen only.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { Db } from '../../db/client';
import { alarmFirings, alarmSettings, products, shops } from '../../db/schema';
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

const firingLine = {
  id: alarmFirings.id,
  productName: products.name,
  shopName: shops.name,
  rule: alarmFirings.rule,
  value: alarmFirings.value,
  oldPrice: alarmFirings.oldPrice,
  newPrice: alarmFirings.newPrice,
};
type FiringLine = SelectResultFields<typeof firingLine>;

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
    return `- ${l.productName} — ${l.shopName}: ${rule}; ${money(l.oldPrice)} → ${money(l.newPrice)}`;
  });
  return `Your price alarms fired:\n\n${body.join('\n')}\n\nSee them in Pricewatch under Alarms.\n`;
}

/**
 * Claims up to 500 of a user's unmailed firings (marks them mailed) and returns their lines. The claim is one
 * statement whose outer condition re-checks `notified_at IS NULL`, so two runs at once (an evaluation's
 * immediate mail beside another's, digests of two processes) never claim the same firing: each is mailed once.
 */
async function claimUnnotified(db: Db, userId: string): Promise<FiringLine[]> {
  const pending = db
    .select({ id: alarmFirings.id })
    .from(alarmFirings)
    .where(and(eq(alarmFirings.ownerId, userId), isNull(alarmFirings.notifiedAt)))
    .orderBy(asc(alarmFirings.id))
    .limit(500);
  const claimed = await db
    .update(alarmFirings)
    .set({ notifiedAt: sql`now()` })
    .where(and(inArray(alarmFirings.id, pending), isNull(alarmFirings.notifiedAt)))
    .returning({ id: alarmFirings.id });
  if (!claimed.length) return [];
  return db
    .select(firingLine)
    .from(alarmFirings)
    .innerJoin(products, eq(products.id, alarmFirings.productId))
    .innerJoin(shops, eq(shops.id, alarmFirings.shopId))
    .where(
      inArray(
        alarmFirings.id,
        claimed.map((c) => c.id),
      ),
    )
    .orderBy(asc(alarmFirings.id));
}

/**
 * Mails a user's unmailed firings; false when there was nothing. Claimed before the mail is sent (no database
 * connection is held while SMTP answers); a mail that fails gives its firings back for the next run.
 */
async function mailUser(db: Db, mailer: Mailer, userId: string, email: string, subjectPrefix: string): Promise<boolean> {
  const lines = await claimUnnotified(db, userId);
  if (!lines.length) return false;
  try {
    await mailer.send(email, `${subjectPrefix}: ${lines.length} price alarm${lines.length === 1 ? '' : 's'} fired`, mailText(lines));
  } catch (err) {
    await db
      .update(alarmFirings)
      .set({ notifiedAt: null })
      .where(
        inArray(
          alarmFirings.id,
          lines.map((l) => l.id),
        ),
      );
    throw err;
  }
  return true;
}

/** Users who chose `notify` mails and have an address, among those `which` selects. */
const mailTo = (db: Db, notify: 'immediate' | 'daily', which: SQL | undefined) =>
  db
    // email is checked non-empty here.
    .select({ userId: alarmSettings.userId, email: sql<string>`${alarmSettings.email}` })
    .from(alarmSettings)
    .where(and(eq(alarmSettings.notify, notify), isNotNull(alarmSettings.email), ne(alarmSettings.email, ''), which));

/** After an evaluation: immediate mails to the owners who chose them. */
export async function sendImmediate(db: Db, mailer: Mailer, owners: string[]): Promise<number> {
  if (!owners.length) return 0;
  const users = await mailTo(db, 'immediate', inArray(alarmSettings.userId, owners));
  let sent = 0;
  await eachUser(users, async (u) => {
    if (await mailUser(db, mailer, u.userId, u.email, 'Pricewatch')) sent++;
  });
  return sent;
}

/** Runs `mail` for every user; one refused mail does not stop the others' (the failures are thrown after). */
async function eachUser<U>(users: U[], mail: (u: U) => Promise<void>): Promise<void> {
  const failed: unknown[] = [];
  for (const u of users) await mail(u).catch((err: unknown) => failed.push(err));
  if (failed.length === 1) throw failed[0];
  if (failed.length) throw new AggregateError(failed, `${failed.length} alarm mails failed`);
}

/** The digest job: users on `daily` whose last digest is a day old (or who never had one). */
export async function sendDigests(db: Db, mailer: Mailer, now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 3600_000 + 60_000);
  const users = await mailTo(db, 'daily', or(isNull(alarmSettings.lastDigestAt), lte(alarmSettings.lastDigestAt, dayAgo)));
  let sent = 0;
  await eachUser(users, async (u) => {
    if (await mailUser(db, mailer, u.userId, u.email, 'Pricewatch daily digest')) {
      sent++;
      await db.update(alarmSettings).set({ lastDigestAt: now }).where(eq(alarmSettings.userId, u.userId));
    }
  });
  return sent;
}
