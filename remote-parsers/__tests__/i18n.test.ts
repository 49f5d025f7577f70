import { resolve } from 'node:path';
import { remoteTranslationTests } from '@pricewatch/shared/testing';

// Every user-visible string of this remote is in public/i18n/{en,ru,ua,pl}.json: the four files have
// the same keys, no empty text, and every literal key the code asks for exists.
const files = remoteTranslationTests(resolve(__dirname, '..'), 30);

it('has a text for every problem kind the server records', async () => {
  const { PARSER_PROBLEM_KINDS, PARSER_RUN_STATUSES, EXTRACTION_STRATEGIES } = await import('@pricewatch/shared/contract');
  for (const kind of PARSER_PROBLEM_KINDS) expect([kind, files.en![`problemKinds.${kind}`]]).toEqual([kind, expect.any(String)]);
  for (const status of PARSER_RUN_STATUSES) expect(files.en![`status.${status}`]).toBeTruthy();
  for (const strategy of EXTRACTION_STRATEGIES) expect(files.en![`strategies.${strategy}`]).toBeTruthy();
});
