/**
 * Attack pages for leaflet recognition (fixtures/leaflet-attack: drawn by Debian's Chromium with shoot.mjs,
 * answers.json written from the page's own layout). A candidate at or above CANDIDATE_ACCEPT_CONFIDENCE is
 * saved in one click, so every such candidate must be the price of the tile it sits in — what a shopper
 * reads there. Finding fewer is a loss; a wrong one-click price is the worst outcome.
 *
 * underlined-cents: raised cents underlined (Biedronka's, Lidl PL's, Kaufland's habit). The underline sits
 * right of the whole part at about mid-height of the digits: read as the dash of "29,-", "12⁹⁹" became 12
 * at one-click confidence (LEAFFIX2's dash rule, f4a5363).
 * stacked-cents: cents over a rule over the currency (Netto's habit) — the same rule, the same 12.
 * condensed-sevens: a condensed bold face with 7s and 1s side by side (72⁹⁰, 17⁹⁰, 71⁷⁰): a 7 read as 1.
 * rotated-narrow: Żabka-like prices turned by −8° in a narrow face, 1s and 7s (17⁹⁹, 77⁹⁰, 11⁷⁰, 1⁷⁹).
 * repeated-digit-cents: raised cents repeating the whole part's digits (9²⁹, 2²⁹, 9⁹⁹, 1¹⁹, 99⁹⁹, 19⁹⁹): a real 9,29
 * must stay 9,29 whatever a doubled-digit rule ('929' read for '99') does.
 * netto-brutto: Makro/Metro shelf prices, the big one the price and a small 'z VAT' / 'brutto' / 'bez VAT' amount
 * beside it, which is neither a second price nor an old one.
 * text-heavy: small prices (46 px) in tiles full of other amounts — per-kilo/litre prices, the 30-day lowest, a
 * deposit, '2 × 1 l = 7,58 zł', dates, a phone number, codes: none of them is a one-click price.
 * An old price offered with a one-click candidate is saved with it: when given, it must be the tile's old price too
 * (none found is a loss; another amount is a promotion that never was).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { CANDIDATE_ACCEPT_CONFIDENCE } from '@pricewatch/shared/contract';
import { candidatesOf, ocrLanguagesFor, readPrices, shutdownOcr } from '../../src/ocr';

const DIR = path.join(__dirname, '..', 'fixtures', 'leaflet-attack');
type Tile = { name: string; price: number; oldPrice: number | null };
const answers = JSON.parse(readFileSync(path.join(DIR, 'answers.json'), 'utf8')) as Record<string, { country: string; tiles: Tile[] }>;

// The pages' grid (the HTML's CSS): two columns of 596 px and rows of 510 px from (16, 196), 16 px gaps.
const tileAt = (tiles: Tile[], x: number, y: number): Tile | null => {
  const col = Math.floor((x - 16) / 612);
  const row = Math.floor((y - 196) / 526);
  return col >= 0 && col < 2 && row >= 0 ? (tiles[row * 2 + col] ?? null) : null;
};

afterAll(() => shutdownOcr());

/**
 * Pages on which recognition offers a wrong one-click price now (f4a5363's '29,-' rule: the line under or
 * below the raised cents read as the dash, '12⁹⁹' offered as 12 at 0.88): `it.failing`, so the suite stays
 * green and a fix shows here as a failure — then take the page out of this set.
 */
// Emptied by the lead's follow-up: a bar with ink over or under it is no dash.
// netto-brutto (ATK3, at 839aed3): the tile 'Cukier biały 10 kg' offered 32.49 with old price 34.11 at 0.88 — the small
// 'brutto 34,11 zł' beside the big netto price was paired as its old price; its 'brutto' is printed over the amount, on
// a line of its own (LEAFFIX4: a VAT label over or under an amount names it too).
const WRONG_NOW = new Set<string>([]);

const check = async (id: string) => {
  const { country, tiles } = answers[id]!;
  const reading = await readPrices(readFileSync(path.join(DIR, `${id}.png`)), { languages: ocrLanguagesFor(country), timeoutMs: 600_000 });
  const oneClick = candidatesOf(reading, { priceBoxes: true }).filter((c) => c.confidence >= CANDIDATE_ACCEPT_CONFIDENCE);
  const wrong = oneClick
    .map((c) => ({ read: c.price, old: c.oldPrice ?? null, tile: tileAt(tiles, c.box.x + c.box.w / 2, c.box.y + c.box.h / 2) }))
    .filter((c) => c.tile?.price !== c.read || (c.old !== null && c.old !== c.tile.oldPrice))
    .map(
      (c) =>
        `${c.tile?.name ?? 'no tile'}: ${c.read}${c.old !== null ? ` was ${c.old}` : ''} (printed ${c.tile?.price ?? '-'}${c.tile?.oldPrice ? ` was ${c.tile.oldPrice}` : ''})`,
    );
  expect(wrong).toEqual([]);
};
for (const id of Object.keys(answers)) {
  const title = `${id}: every one-click candidate is the price printed in its tile`;
  (WRONG_NOW.has(id) ? it.failing : it)(title, () => check(id));
}
