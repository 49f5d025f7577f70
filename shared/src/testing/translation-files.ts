import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The languages every remote ships (pl for the Polish deployment). */
export const TRANSLATION_LANGS = ['en', 'ru', 'ua', 'pl'] as const;

type Tree = { [k: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((acc, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? { ...acc, [key]: v } : { ...acc, ...flatten(v, key) };
  }, {});
}

/** `{dir}/{lang}.json` of each language, flattened to dotted key → text, for key-parity tests. */
export function readTranslationFiles(dir: string, langs: readonly string[] = TRANSLATION_LANGS): Record<string, Record<string, string>> {
  return Object.fromEntries(langs.map((l) => [l, flatten(JSON.parse(readFileSync(join(dir, `${l}.json`), 'utf8')) as Tree)]));
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) ? [file] : [];
  });
}

/** Literal keys the code under `srcDir` asks for with t('…'), except those of the shell's namespace. */
export function literalKeysUsed(srcDir: string): Set<string> {
  const used = new Set<string>();
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z_.]+)'(?![^)]*ns: 'translation')/g)) used.add(m[1]!);
  }
  return used;
}

/**
 * The translation checks every remote runs on its `public/i18n/{lang}.json` (call at a test file's top
 * level): the four files have the same keys, no empty text and the placeholders of en, and every literal
 * key the code under `src/` asks for exists — more than `minLiteralKeys` of them, so a broken scan
 * cannot pass. Answers the files, for the remote's own checks.
 */
export function remoteTranslationTests(root: string, minLiteralKeys: number): Record<string, Record<string, string>> {
  const langs = TRANSLATION_LANGS;
  const files = readTranslationFiles(join(root, 'public', 'i18n'), langs);

  it.each(langs)('%s has exactly the keys of en, none empty', (lang) => {
    expect(Object.keys(files[lang]!).sort()).toEqual(Object.keys(files.en!).sort());
    expect(Object.entries(files[lang]!).filter(([, v]) => !v.trim())).toEqual([]);
  });

  it.each(langs)('%s keeps the placeholders of en', (lang) => {
    const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
    const differing = Object.keys(files.en!).filter((k) => placeholders(files.en![k]!).join() !== placeholders(files[lang]![k]!).join());
    expect(differing).toEqual([]);
  });

  it('has every literal key the code uses', () => {
    const used = literalKeysUsed(join(root, 'src'));
    expect(used.size).toBeGreaterThan(minLiteralKeys);
    const missing = [...used].filter((k) => !(k in files.en!));
    expect(missing).toEqual([]);
  });

  return files;
}
