/**
 * Demo leaflets (docs/leaflets.md "Demo data"): seeded with the demo data set, so the leaflet screens
 * and promo analysis have something to show. Four leaflets of networks in two countries around today,
 * each with 2–3 pages rendered by the leaflet page renderer (src/ocr/leaflet-page.ts) from real demo
 * products and their prices, and the pages' prices (most matched to the product, a few not) with every
 * mechanics. Deterministic for a given day (seeded items, ordered product picks); ~1 s.
 */
import { sql } from 'drizzle-orm';
import type { PromoMechanics } from '@pricewatch/shared/contract';
import { queryRows, type Db } from '../../db/client';
import { addDays, todayIso } from '../../lib/days';
import { round2, toMinor } from '../../lib/money';
import { renderLeafletPage, type LeafletPageItem } from '../../ocr/leaflet-page';
import { checkPicture, createPictureStore, type StoredPicture } from './pictures';
import { discountOf } from './service-common';

type DemoLeaflet = { network: string; name: string; description: string | null; from: number; days: number; pages: number; seed: number };

/** Offsets in days from today. */
const DEMO_LEAFLETS: DemoLeaflet[] = [
  { network: 'albert', name: 'Albert — Weekly offers', description: 'Fresh food and drinks at lower prices all week.', from: -3, days: 7, pages: 3, seed: 601 },
  { network: 'billa', name: 'Billa — Weekend deals', description: 'Card prices and multi-buys for the weekend.', from: -10, days: 5, pages: 2, seed: 602 },
  { network: 'auchan', name: 'Auchan — Big savings', description: 'Two weeks of savings on everyday products.', from: -5, days: 14, pages: 2, seed: 603 },
  { network: 'lidl', name: 'Lidl — Next week', description: null, from: 4, days: 7, pages: 2, seed: 604 },
];

const COLUMNS = 3;
const ROWS = 2;
const PAGE_WIDTH = 900;

/** Mechanics by tile position: every kind shows up on each page. */
// mechanicsText is the leaflet's own printed words (data in the market's language, shown as written);
// the kind of promotion is the `mechanics` key, which the screens translate. The demo's texts are
// language-neutral, and none where the key says it all (an English "Card price" showed in ru/ua).
const MECHANICS: { mechanics: PromoMechanics; text: string | null; off: number; old: boolean }[] = [
  { mechanics: 'discount', text: null, off: 0.25, old: true },
  { mechanics: 'multi_buy', text: '2+1', off: 0, old: false },
  { mechanics: 'card', text: null, off: 0.2, old: true },
  { mechanics: 'discount', text: null, off: 0.35, old: true },
  { mechanics: 'second_item', text: '−50 %', off: 0, old: false },
  { mechanics: 'bundle', text: '2×', off: 0.15, old: true },
];

/** Fills the demo leaflets into `db` (called by the demo seed, after the catalogue). Returns how many. */

/** How each market's leaflets print money (sign after the amount, decimal comma). */
const PRINTED_MONEY: Record<string, { currency: string; decimal: '.' | ',' }> = {
  cz: { currency: 'Kč', decimal: ',' },
  pl: { currency: 'zł', decimal: ',' },
  ua: { currency: 'грн', decimal: ',' },
  ge: { currency: '₾', decimal: '.' },
};

/** 'YYYY-MM-DD' → 'DD.MM.' as leaflets print it. */
const dayMonth = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.`;

export async function seedDemoLeaflets(outer: Db, dir: string, opts: { today?: string } = {}): Promise<number> {
  return outer.transaction((tx) => seedIn(tx, dir, opts));
}

async function seedIn(db: Db, dir: string, opts: { today?: string }): Promise<number> {
  const today = opts.today ?? todayIso();
  const networks = await queryRows<{ id: number; code: string; country: string }>(
    db,
    sql`SELECT id, code, country FROM networks WHERE code = ANY(${sql.param(DEMO_LEAFLETS.map((l) => l.network))}::text[])`,
  );
  const byCode = new Map(networks.map((n) => [n.code, n]));
  const pictures = createPictureStore(dir);
  const stored: StoredPicture[] = [];
  let made = 0;
  try {
    for (const demo of DEMO_LEAFLETS) {
      const network = byCode.get(demo.network);
      if (!network) continue;
      const perPage = COLUMNS * ROWS;
      // Products of the network's market, with the network's lowest current regular price when it has one.
      const products = await queryRows<{ id: number; name: string; regular: number | null }>(
        db,
        sql`SELECT p.id, p.name,
              (SELECT min(cp.regular) FROM current_prices cp JOIN shops s ON s.id = cp.shop_id
               WHERE cp.product_id = p.id AND s.network_id = ${network.id}) AS regular
            FROM products p WHERE p.country = ${network.country} AND length(p.name) <= 34 AND p.id % 4 = ${demo.seed % 4}
            ORDER BY p.id LIMIT ${perPage * demo.pages}`,
      );
      if (!products.length) continue;
      const [leaflet] = await queryRows<{ id: number }>(
        db,
        sql`INSERT INTO leaflets (network_id, name, start_day, end_day, description)
            VALUES (${network.id}, ${demo.name}, ${addDays(today, demo.from)}::date, ${addDays(today, demo.from + demo.days - 1)}::date, ${demo.description})
            RETURNING id`,
      );
      made++;
      for (let pageNo = 1; pageNo <= demo.pages; pageNo++) {
        // A small catalogue (tests) has fewer products than tiles: they repeat, in order.
        const slice = Array.from({ length: perPage }, (_, k) => products[((pageNo - 1) * perPage + k) % products.length]!);
        const items: (LeafletPageItem & { productId: number | null; mechanics: PromoMechanics })[] = slice.map((p, i) => {
          const m = MECHANICS[i % MECHANICS.length]!;
          const regular = p.regular ? p.regular / 100 : 19.9 + ((p.id * 37) % 180);
          const price = m.off ? Math.max(0.9, round2(Math.floor(regular * (1 - m.off)) + 0.9)) : round2(regular);
          const oldPrice = m.old && regular > price ? round2(regular) : null;
          // The last tile of each page is left unmatched, as a leaflet's own-brand item would be.
          return { name: p.name, price, oldPrice, mechanicsText: m.text, productId: i === slice.length - 1 ? null : p.id, mechanics: m.mechanics };
        });
        const page = await renderLeafletPage({
          seed: demo.seed * 10 + pageNo,
          items,
          columns: COLUMNS,
          rows: ROWS,
          width: PAGE_WIDTH,
          // The page prints what the leaflet says: its name, its period and the network's money.
          title: demo.name,
          subtitle: `Valid ${dayMonth(addDays(today, demo.from))} – ${dayMonth(addDays(today, demo.from + demo.days - 1))}.${addDays(today, demo.from + demo.days - 1).slice(0, 4)}`,
          money: PRINTED_MONEY[network.country] ?? { currency: null, decimal: '.' },
        });
        const checked = await checkPicture(page.png, 'image');
        const files = await pictures.save(checked);
        stored.push(files);
        const [row] = await queryRows<{ id: number }>(
          db,
          sql`INSERT INTO leaflet_pages (leaflet_id, page_no, file_name, type, width, height, bytes, thumb_name)
              VALUES (${leaflet!.id}, ${pageNo}, ${files.fileName}, 'png', ${checked.width}, ${checked.height}, ${checked.data.length}, ${files.thumbName})
              RETURNING id`,
        );
        for (const [i, item] of items.entries()) {
          const box = page.items[i]?.box ?? null;
          await db.execute(
            sql`INSERT INTO leaflet_prices (leaflet_id, page_id, product_id, product_name, price, old_price, discount_pct, mechanics,
                  mechanics_text, box, source)
                VALUES (${leaflet!.id}, ${row!.id}, ${item.productId}, ${item.name}, ${toMinor(item.price)},
                  ${item.oldPrice === null ? null : toMinor(item.oldPrice)}, ${discountOf(item.price, item.oldPrice)}, ${item.mechanics},
                  ${item.mechanicsText}, ${box ? JSON.stringify(box) : null}::jsonb, ${i % 2 ? 'recognised' : 'manual'})`,
          );
        }
      }
    }
  } catch (error) {
    await pictures.remove(stored.flatMap((s) => [s.fileName, s.thumbName]));
    throw error;
  }
  return made;
}
