import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// STYLE.md "Boundaries you can see": a remote imports only @pricewatch/shared, the shared singletons
// and its own code — never the host, never another remote.
const ROOT = resolve(__dirname, '..');
const ALLOWED_PACKAGES = [
  'react', 'react-dom', 'react-router-dom', 'zustand', 'i18next', 'react-i18next', '@chakra-ui/react', '@emotion/react',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) ? [file] : [];
  });
}

const IMPORT = /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

it('imports only @pricewatch/shared, the shared singletons and its own files', () => {
  const offending: string[] = [];
  for (const file of sourceFiles(join(ROOT, 'src'))) {
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = (match[1] ?? match[2])!;
      const ok = spec.startsWith('.')
        ? !relative(ROOT, resolve(dirname(file), spec)).startsWith('..')
        : spec.startsWith('@pricewatch/shared/') || ALLOWED_PACKAGES.some((p) => spec === p || spec.startsWith(`${p}/`));
      if (!ok) offending.push(`${relative(ROOT, file)} → ${spec}`);
    }
  }
  expect(offending).toEqual([]);
});
