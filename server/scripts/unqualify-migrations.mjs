// drizzle-kit writes foreign keys as REFERENCES "public"."t"; the tests run every file in its own schema
// (search_path), so migrations must name tables unqualified. Run after `drizzle-kit generate`.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(dirname(fileURLToPath(import.meta.url))), 'drizzle');
for (const name of readdirSync(dir).filter((n) => n.endsWith('.sql'))) {
  const file = join(dir, name);
  const sql = readFileSync(file, 'utf8');
  const fixed = sql.replaceAll('"public".', '');
  if (fixed !== sql) {
    writeFileSync(file, fixed);
    console.log(`unqualified ${name}`);
  }
}
