/**
 * The scraping corpus (corpus/README.md): 248 product pages (seven batches) written apart from the engine, each with the
 * answer a careful shopper gives. Every page is extracted as its shop's parser run would (definition,
 * country, currency); the engine may refuse a page it is unsure of, but must never record a wrong price,
 * and must find at least 90 % of the prices. `npm run bench` prints the same per strategy (bench/corpus.ts).
 */
import path from 'node:path';
import { corpusDir, loadCorpus, scoreCorpus, scorePage } from '../../bench/corpus-score';

const dir = corpusDir(path.resolve(__dirname, '../..'));
const pages = loadCorpus(dir);

describe('scraping corpus: pages the engine never saw', () => {
  it.each(pages.map((p) => [p.entry.id, p] as const))('%s: no wrong price, old price, currency or EAN', (_, { entry, html }) => {
    const s = scorePage(entry, html);
    expect({ verdict: s.verdict === 'wrong' ? 'wrong' : 'not wrong', detail: s.verdict === 'wrong' ? s.detail : null }).toEqual({
      verdict: 'not wrong',
      detail: null,
    });
  });

  it('finds at least 90 % of the prices and refuses every page without one', () => {
    const score = scoreCorpus(dir);
    expect(score.total.wrong).toBe(0);
    // 95 % until the fourth batch (2026-11-28), whose add-ons, variant options and tier tables the engine refuses:
    // 99 of 109 then; the fifth batch came at 108 of 128 (84 %, no wrong page) and reads 119 of 128 (93 %) since
    // (discount badges, cart sums, chosen variants, templates and closed modals). The sixth batch (CORPUS9, 30 pages)
    // came at 135 of 148 with one wrong page (a price comparison's) and reads 143 of 148 (97 %) since. The seventh
    // (CORPUS10, 30 pages) came at 155 of 170 with 5 wrong pages and reads 158 of 170 (93 %), 0 wrong, since. The share
    // may only go up.
    expect(score.found / score.pricePages).toBeGreaterThanOrEqual(0.929);
    expect(score.refusedRight).toBe(score.refusePages);
  });
});
