import { readNamespace } from './helpers/resources';

// The remote's namespace `exports` ships in four languages (spec §6: en, ru, ua, pl) with one key set.
const LANGS = ['en', 'ru', 'ua', 'pl'] as const;

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(obj)) {
    if (value && typeof value === 'object') Object.assign(out, flatten(value as Record<string, unknown>, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = String(value);
  }
  return out;
}

const files = Object.fromEntries(LANGS.map((lang) => [lang, flatten(readNamespace(lang))]));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('exports translation files', () => {
  it.each(LANGS)('%s has exactly the English keys, none empty', (lang) => {
    expect(Object.keys(files[lang]!).sort()).toEqual(Object.keys(files.en!).sort());
    for (const [key, text] of Object.entries(files[lang]!)) expect(`${key}=${text.trim()}`).not.toMatch(/=$/);
  });

  it.each(LANGS)('%s keeps every {{placeholder}} of the English text', (lang) => {
    for (const [key, text] of Object.entries(files.en!)) expect([key, placeholders(files[lang]![key]!)]).toEqual([key, placeholders(text)]);
  });

  it.each(['ru', 'ua', 'pl'] as const)('%s is translated, not English copied', (lang) => {
    // Codes and symbols read the same everywhere.
    const universal = /^(EAN|g|kg|ml|l|\{\{min\}\} – \{\{max\}\})$/;
    const same = Object.keys(files.en!).filter((key) => files[lang]![key] === files.en![key] && !universal.test(files.en![key]!));
    expect(same).toEqual([]);
  });
});
