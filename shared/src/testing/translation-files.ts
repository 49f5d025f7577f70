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
