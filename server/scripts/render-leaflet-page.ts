/**
 * Writes a generated leaflet page (server/src/ocr/leaflet-page.ts) to a PNG file and prints its items
 * (name, price, oldPrice, mechanicsText, box in pixels) as one JSON line, for e2e tests and demos:
 *   npx tsx server/scripts/render-leaflet-page.ts out.png [seed] [columns] [rows]
 */
import { writeFileSync } from 'node:fs';
import { renderLeafletPage } from '../src/ocr/leaflet-page';

async function main() {
  const [out, seed = '1', columns = '3', rows = '3'] = process.argv.slice(2);
  if (!out) {
    console.error('usage: render-leaflet-page.ts <out.png> [seed] [columns] [rows]');
    process.exit(2);
  }
  const page = await renderLeafletPage({ seed: Number(seed), columns: Number(columns), rows: Number(rows) });
  writeFileSync(out, page.png);
  console.log(JSON.stringify({ file: out, width: page.width, height: page.height, items: page.items }));
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
