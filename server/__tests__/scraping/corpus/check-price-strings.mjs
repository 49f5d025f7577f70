// Checks price-strings.json by itself, without the engine: valid JSON, entry shape, no duplicates.
// Run: node server/__tests__/scraping/corpus/check-price-strings.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const rows = JSON.parse(readFileSync(join(dir, 'price-strings.json'), 'utf8'));
const problems = [];
const seen = new Set();
const separators = new Set([',', '.', ' ', "'"]);

rows.forEach((r, i) => {
  const where = `#${i} ${JSON.stringify(r.text)}`;
  const keys = Object.keys(r).sort().join(',');
  if (keys !== 'country,expect,priceFormat,text') problems.push(`${where}: fields ${keys}`);
  if (typeof r.text !== 'string' || !r.text.trim()) problems.push(`${where}: text`);
  if (!/^[a-z]{2}$/.test(r.country)) problems.push(`${where}: country`);
  const f = r.priceFormat;
  if (f !== null) {
    if (!f || !separators.has(f.decimal) || !separators.has(f.thousands) || f.decimal === f.thousands)
      problems.push(`${where}: priceFormat`);
  }
  const e = r.expect ?? {};
  if (e.refuse === true) {
    if (typeof e.why !== 'string' || !e.why || Object.keys(e).length !== 2) problems.push(`${where}: refuse needs only why`);
  } else {
    if (typeof e.amount !== 'string' || !/^\d+\.\d{2}$/.test(e.amount) || Number(e.amount) <= 0) problems.push(`${where}: amount`);
    if (!/^[A-Z]{3}$/.test(e.currency ?? '')) problems.push(`${where}: currency`);
  }
  const key = JSON.stringify([r.text, r.country, r.priceFormat]);
  if (seen.has(key)) problems.push(`${where}: duplicate`);
  seen.add(key);
});

const refuse = rows.filter((r) => r.expect?.refuse).length;
console.log(`${rows.length} price strings (${rows.length - refuse} prices, ${refuse} refusals)`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('ok');
