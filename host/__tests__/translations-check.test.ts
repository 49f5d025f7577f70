import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// README "Translations": the check every build runs (tooling/translations.cjs).
const check = require('../../tooling/translations.cjs') as {
  checkTranslationDir(dir: string, languages?: string[], root?: string): string[];
  checkAllTranslations(root?: string): string[];
  translationDirOf(packageDir: string): string | null;
};

let root: string;
const LANGS = ['en', 'pl', 'ru', 'ua'];

function set(files: Record<string, unknown>) {
  const dir = path.join(root, 'remote-x', 'public', 'i18n');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  for (const [lang, content] of Object.entries(files)) {
    writeFileSync(path.join(dir, `${lang}.json`), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return dir;
}

const all = (content: unknown) => Object.fromEntries(LANGS.map((l) => [l, content]));

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'pw-i18n-'));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('translations check', () => {
  it('passes a complete set', () => {
    expect(check.checkTranslationDir(set(all({ a: { b: 'B', c: 'C {{n}}' } })), LANGS, root)).toEqual([]);
  });

  it('names a key present in one language and missing in another', () => {
    const dir = set({ ...all({ a: { b: 'B' } }), pl: { a: { b: 'B', extra: 'E' } } });
    expect(check.checkTranslationDir(dir, LANGS, root)).toEqual([
      'remote-x/public/i18n/en.json: missing key a.extra (present in pl)',
      'remote-x/public/i18n/ru.json: missing key a.extra (present in pl)',
      'remote-x/public/i18n/ua.json: missing key a.extra (present in pl)',
    ]);
  });

  it('names a missing language file, an empty text, different placeholders and broken JSON', () => {
    const dir = set({ en: { a: 'Hello {{name}}', b: 'x' }, pl: { a: 'Cześć {{imie}}', b: ' ' }, ru: '{"a": ' });
    const problems = check.checkTranslationDir(dir, LANGS, root);
    expect(problems).toContain('remote-x/public/i18n: no ua.json (every set has en, pl, ru, ua)');
    expect(problems).toContain('remote-x/public/i18n/pl.json: key b is empty or not text');
    expect(problems.some((p) => p.startsWith('remote-x/public/i18n/ru.json: not valid JSON'))).toBe(true);
    expect(problems.some((p) => p.includes('key a has different placeholders'))).toBe(true);
  });

  it("finds the shell's folder and a remote's; a remote without translations has none", () => {
    expect(check.translationDirOf(path.resolve(__dirname, '..'))).toMatch(/host\/public\/assets\/i18n$/);
    expect(check.translationDirOf(path.join(root, 'remote-none'))).toBeNull();
  });

  it("the workspace's translations are complete", () => {
    expect(check.checkAllTranslations()).toEqual([]);
  });
});
