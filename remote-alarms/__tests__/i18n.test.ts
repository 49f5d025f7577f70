import { resolve } from 'node:path';
import { remoteTranslationTests } from '@pricewatch/shared/testing';

// Every user-visible string of this remote is in public/i18n/{en,ru,ua,pl}.json: the four files have
// the same keys, no empty text, and every literal key the code asks for exists.
const files = remoteTranslationTests(resolve(__dirname, '..'), 50);

it('has a text for every rule and every import problem the server names', async () => {
  const { ALARM_RULES, IMPORT_FILE_ERRORS, IMPORT_ROW_REASONS } = await import('@pricewatch/shared/contract');
  for (const rule of ALARM_RULES) expect(files.en![`rules.${rule}`]).toBeTruthy();
  for (const code of [...IMPORT_FILE_ERRORS, ...IMPORT_ROW_REASONS]) expect([code, files.en![`problems.${code}`]]).toEqual([code, expect.any(String)]);
});
