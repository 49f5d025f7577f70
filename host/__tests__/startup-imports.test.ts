import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

// docs/bytes.md: what the browser needs before the login form works. Walks the static imports from
// the entry (dynamic import() and `import type` are not followed) through the host and the shared
// package, and checks that Chakra, Emotion, the shared ui and zod stay out of it.
const HOST_SRC = path.resolve(__dirname, '..', 'src');
const SHARED_SRC = path.resolve(__dirname, '..', '..', 'shared', 'src');

function resolveFile(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (existsSync(candidate) && !candidate.endsWith(path.sep) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Every package import reached statically from `entry`, with the file that makes it. */
function staticImports(entry: string): Map<string, string> {
  const packages = new Map<string, string>();
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const specifiers = [
      ...source.matchAll(/^\s*import\s+(?!type\s)(?:[^'"]*?\sfrom\s+)?['"]([^'"]+)['"]/gm),
      ...source.matchAll(/^\s*export\s+(?!type\s)[^'"]*?\sfrom\s+['"]([^'"]+)['"]/gm),
    ].map((m) => m[1]!);
    for (const spec of specifiers) {
      let target: string | null = null;
      if (spec.startsWith('.')) target = resolveFile(path.resolve(path.dirname(file), spec));
      else if (spec.startsWith('@pricewatch/shared/')) {
        packages.set(spec, path.relative(HOST_SRC, file));
        target = resolveFile(path.join(SHARED_SRC, spec.slice('@pricewatch/shared/'.length)));
      } else packages.set(spec, path.relative(HOST_SRC, file));
      if (target) queue.push(target);
    }
  }
  return packages;
}

describe('start-up imports (before the login form works)', () => {
  const packages = staticImports(path.join(HOST_SRC, 'index.tsx'));

  it('reach the login screen and the session store', () => {
    expect(packages.has('@pricewatch/shared/auth')).toBe(true);
    expect(packages.has('react-dom/client')).toBe(true);
  });

  it.each([
    '@chakra-ui/react',
    '@emotion/react',
    '@pricewatch/shared/ui',
    'zod',
    '@pricewatch/shared/contract',
    '@tanstack/react-query',
    '@pricewatch/shared/query',
  ])('do not include %s', (pkg) => {
    expect(packages.get(pkg)).toBeUndefined();
  });
});
