import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Every user-visible string of this remote is in public/i18n/{en,ru,ua,pl}.json: the four files have
// the same keys, no empty text, and every literal key the code asks for exists.
const ROOT = resolve(__dirname, '..');
const LANGS = ['en', 'ru', 'ua', 'pl'] as const;

type Tree = { [k: string]: string | Tree };
const load = (lang: string) => JSON.parse(readFileSync(join(ROOT, 'public', 'i18n', `${lang}.json`), 'utf8')) as Tree;

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((acc, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? { ...acc, [key]: v } : { ...acc, ...flatten(v, key) };
  }, {});
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) ? [file] : [];
  });
}

const files = Object.fromEntries(LANGS.map((l) => [l, flatten(load(l))]));

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
  const used = new Set<string>();
  for (const file of sourceFiles(join(ROOT, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z_.]+)'(?![^)]*ns: 'translation')/g)) used.add(m[1]!);
  }
  expect(used.size).toBeGreaterThan(30);
  const missing = [...used].filter((k) => !(k in files.en!));
  expect(missing).toEqual([]);
});

it('has a text for every problem kind the server records', async () => {
  const { PARSER_PROBLEM_KINDS, PARSER_RUN_STATUSES, EXTRACTION_STRATEGIES } = await import('@pricewatch/shared/contract');
  for (const kind of PARSER_PROBLEM_KINDS) expect([kind, files.en![`problemKinds.${kind}`]]).toEqual([kind, expect.any(String)]);
  for (const status of PARSER_RUN_STATUSES) expect(files.en![`status.${status}`]).toBeTruthy();
  for (const strategy of EXTRACTION_STRATEGIES) expect(files.en![`strategies.${strategy}`]).toBeTruthy();
});
