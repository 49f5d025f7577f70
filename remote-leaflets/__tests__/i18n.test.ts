import { join, resolve } from 'node:path';
import { literalKeysUsed, readTranslationFiles, TRANSLATION_LANGS as LANGS } from '@pricewatch/shared/testing';

// Every user-visible string of this remote is in public/i18n/{en,ru,ua,pl}.json: the four files have
// the same keys, no empty text, and every literal key the code asks for exists.
const ROOT = resolve(__dirname, '..');
const files = readTranslationFiles(join(ROOT, 'public', 'i18n'), LANGS);

it.each(LANGS)('%s has exactly the keys of en, none empty', (lang) => {
  expect(Object.keys(files[lang]!).sort()).toEqual(Object.keys(files.en!).sort());
  expect(Object.entries(files[lang]!).filter(([, v]) => !v.trim())).toEqual([]);
});

it.each(LANGS)('%s keeps the placeholders of en', (lang) => {
  const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
  const differing = Object.keys(files.en!).filter((k) => placeholders(files.en![k]!).join() !== placeholders(files[lang]![k]!).join());
  expect(differing).toEqual([]);
});

it('has every literal key the code uses', () => {
  const used = literalKeysUsed(join(ROOT, 'src'));
  expect(used.size).toBeGreaterThan(50);
  const missing = [...used].filter((k) => !(k in files.en!));
  expect(missing).toEqual([]);
});

