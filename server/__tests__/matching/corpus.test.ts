/**
 * The matcher on the name-matching corpus (./corpus, written apart from the matcher; never edited to fit
 * it): floors at what is measured (`npm run bench:matching` prints the figures), and no page the corpus
 * answers "none" or with another product is ever a sure suggestion — "Accept top suggestions" at the
 * screen's score would attach its price to a wrong product.
 */
import path from 'node:path';
import { loadCorpus, tally } from './corpus-score';

const corpus = loadCorpus(path.join(__dirname, 'corpus'));
const results = corpus.scoreCorpus();

/** Right top suggestions per batch and kind, at least (measured: the commit that set them says so). */
const FLOORS: Record<number, Record<string, number>> = {
  1: { ean: 24, name: 45, trap: 29 },
  2: { ean: 20, name: 50, trap: 43 },
};

describe('name-matching corpus', () => {
  it('no sure suggestion is wrong: traps stay below the bulk-acceptance score, and so does every wrong top', () => {
    const sureWrong = results.filter((r) => r.sure && r.top !== r.expect).map(({ page, expect, top, score }) => ({ page, expect, top, score }));
    expect(sureWrong).toEqual([]);
  });

  it.each(Object.entries(FLOORS).flatMap(([batch, kinds]) => Object.entries(kinds).map(([kind, floor]) => [Number(batch), kind, floor] as const)))(
    'batch %i, %s pages: at least %i right top suggestions',
    (batch, kind, floor) => {
      const t = tally(results.filter((r) => r.batch === batch))[kind];
      expect(t?.right ?? 0).toBeGreaterThanOrEqual(floor);
    },
  );

  it('every EAN page is settled by its EAN, sure', () => {
    const ean = results.filter((r) => r.kind === 'ean');
    expect(ean.filter((r) => !(r.right && r.sure)).map((r) => r.page)).toEqual([]);
  });
});
