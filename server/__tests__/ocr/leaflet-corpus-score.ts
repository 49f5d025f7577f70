/**
 * Reads corpus pages as the product does (readPrices with the page's country's models, then candidatesOf
 * with the price's own box, which places a candidate in its tile) and scores them; the two corpus test
 * files share it. Not a test file itself (jest matches *.test.ts).
 */
import { candidatesOf, ocrLanguagesFor, readPrices } from '../../src/ocr';
import { corpusPicture, corpusTable, corpusTotals, scorePage, type CorpusPage, type CorpusTotals, type PageScore } from '../../bench/leaflets-corpus';

export async function scoreCorpus(serverDir: string, pages: CorpusPage[]): Promise<CorpusTotals & { wrongOneClick: string[] }> {
  const scores: PageScore[] = [];
  for (const page of pages) {
    const reading = await readPrices(corpusPicture(serverDir, page.id), { languages: ocrLanguagesFor(page.country), timeoutMs: 600_000 });
    scores.push(scorePage(page, candidatesOf(reading, { priceBoxes: true })));
  }
  console.log(corpusTable(scores));
  return { ...corpusTotals(scores), wrongOneClick: scores.flatMap((s) => s.notes.filter((n) => n.startsWith('WRONG ONE-CLICK')).map((n) => `${s.id}: ${n}`)) };
}
