// Checks answers.json by itself, without the engine: valid JSON, one answer per page file, answer shape,
// EAN-13 check digits. Run: node server/__tests__/scraping/corpus/check-answers.mjs
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
const answers = JSON.parse(readFileSync(join(dir, 'answers.json'), 'utf8'));
const problems = [];
const seen = new Set();

function ean13Valid(code) {
  if (!/^\d{13}$/.test(code)) return false;
  const sum = [...code.slice(0, 12)].reduce((s, d, i) => s + Number(d) * (i % 2 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(code[12]);
}

for (const a of answers) {
  const where = a.id ?? JSON.stringify(a).slice(0, 60);
  if (seen.has(a.id)) problems.push(`${where}: duplicate id`);
  seen.add(a.id);
  if (a.file !== `pages/${a.id}.html`) problems.push(`${where}: file is not pages/<id>.html`);
  let size = 0;
  try {
    size = statSync(join(dir, a.file)).size;
  } catch {
    problems.push(`${where}: page file missing`);
  }
  if (size && size > 60 * 1024) problems.push(`${where}: page over 60 kB`);
  if (!/^[a-z]{2}$/.test(a.country) || !/^[A-Z]{3}$/.test(a.currency)) problems.push(`${where}: country/currency`);
  if (!a.style || !a.definition?.strategy) problems.push(`${where}: style or definition.strategy missing`);
  const e = a.expect ?? {};
  if (e.refuse === true) {
    if (!e.why) problems.push(`${where}: refuse without why`);
  } else {
    if (!(typeof e.price === 'number' && e.price > 0)) problems.push(`${where}: price`);
    if (e.oldPrice !== null && !(typeof e.oldPrice === 'number' && e.oldPrice > e.price)) problems.push(`${where}: oldPrice`);
    if (typeof e.inStock !== 'boolean') problems.push(`${where}: inStock`);
    if (e.ean !== null && !ean13Valid(String(e.ean))) problems.push(`${where}: EAN ${e.ean} check digit`);
  }
}
const files = readdirSync(join(dir, 'pages')).filter((f) => f.endsWith('.html'));
for (const f of files) if (!seen.has(f.replace(/\.html$/, ''))) problems.push(`pages/${f}: no answer`);

const refuse = answers.filter((a) => a.expect.refuse).length;
console.log(`${answers.length} answers (${answers.length - refuse} prices, ${refuse} refusals), ${files.length} pages`);
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log('ok');
