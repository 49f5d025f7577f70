import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// Every shell key exists, with real text, in each of the four languages (spec §6: en, ru, ua, pl).
const LANGS = ['en', 'ru', 'ua', 'pl'] as const;
const read = (lang: string) => JSON.parse(readFileSync(join(__dirname, '..', 'public', 'assets', 'i18n', `${lang}.json`), 'utf8')) as Record<string, unknown>;

function flatten(obj: Record<string, unknown>, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(obj)) {
    if (value && typeof value === 'object') Object.assign(out, flatten(value as Record<string, unknown>, `${prefix}${key}.`));
    else out[`${prefix}${key}`] = String(value);
  }
  return out;
}

const files = Object.fromEntries(LANGS.map((lang) => [lang, flatten(read(lang))]));

describe('shell translation files', () => {
  it.each(LANGS)('%s has exactly the English keys, none empty', (lang) => {
    expect(Object.keys(files[lang]!).sort()).toEqual(Object.keys(files.en!).sort());
    for (const [key, text] of Object.entries(files[lang]!)) expect(`${key}=${text.trim()}`).not.toMatch(/=$/);
  });

  it.each(['ru', 'ua', 'pl'] as const)('%s is translated, not English copied', (lang) => {
    // The date field's format letters may be the same: Polish writes dd.mm.rrrr, only the year's letter differs.
    const same = Object.keys(files.en!).filter(
      (key) => files[lang]![key] === files.en![key] && !/\{\{/.test(files.en![key]!) && !key.startsWith('common.date.letters.'),
    );
    expect(same).toEqual([]);
  });

  it('has the keys the shared ui and every server error code use', () => {
    const needed = ['common.retry', 'common.loading', 'common.empty', 'common.error', 'errors.remote_failed'];
    const codes = [
      'validation_failed',
      'unauthorized',
      'incorrect_password_login',
      'forbidden',
      'xsrf_failed',
      'not_found',
      'route_not_found',
      'payload_too_large',
      'unsupported_media_type',
      'too_many_requests',
      'internal_error',
      'service_unavailable',
    ];
    for (const key of [...needed, ...codes.map((c) => `errors.${c}`)]) expect(files.en).toHaveProperty([key]);
  });

  it('has a title for each of the 12 videos', () => {
    for (let i = 1; i <= 12; i++) expect(files.en![`videos.v${i}`]).toBeTruthy();
  });
});
