import sharp from 'sharp';
import { formatLeafletMoney, leafletPageItems, leafletPageStyle, renderLeafletPage } from '../../src/ocr/leaflet-page';

describe('leafletPageItems', () => {
  it('is deterministic and realistic', () => {
    const a = leafletPageItems(7, 20);
    expect(leafletPageItems(7, 20)).toEqual(a);
    expect(leafletPageItems(8, 20)).not.toEqual(a);
    expect(new Set(a.map((i) => i.name)).size).toBe(20);
    for (const i of a) {
      expect(Math.round(i.price * 100) / 100).toBe(i.price);
      expect(i.price).toBeGreaterThan(0);
      if (i.oldPrice !== null) expect(i.oldPrice).toBeGreaterThan(i.price);
    }
    expect(a.some((i) => i.oldPrice !== null)).toBe(true);
    const many = [1, 2, 3, 4, 5].flatMap((s) => leafletPageItems(s, 12));
    expect(many.some((i) => i.mechanicsText === '2+1' || i.mechanicsText === '3 for 2')).toBe(true);
    expect(many.some((i) => i.mechanicsText === 'Card price')).toBe(true);
  });

  it('prints money in the seed style', () => {
    expect(formatLeafletMoney(1299.9, ',')).toBe('1 299,90');
    expect(formatLeafletMoney(39.9, '.')).toBe('39.90');
    expect(leafletPageStyle(1).decimal).toBe(',');
    expect(leafletPageStyle(0).decimal).toBe('.');
  });
});

describe('renderLeafletPage', () => {
  it('renders a PNG with one tile box per item inside the page', async () => {
    const page = await renderLeafletPage({ seed: 3, columns: 2, rows: 2 });
    const meta = await sharp(page.png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: page.width, height: page.height });
    expect(page.width).toBe(1240);
    expect(page.items).toHaveLength(4);
    for (const i of page.items) {
      expect(i.box.x + i.box.w).toBeLessThanOrEqual(page.width);
      expect(i.box.y + i.box.h).toBeLessThanOrEqual(page.height);
    }
    expect(page.items[1].box.x).toBeGreaterThan(page.items[0].box.x + page.items[0].box.w);
  });

  it('places the given items', async () => {
    const items = [{ name: 'Test cheese 100 g', price: 12.5, oldPrice: 15.9, mechanicsText: null }];
    const page = await renderLeafletPage({ seed: 1, items, columns: 1, width: 600 });
    expect(page.items).toEqual([expect.objectContaining({ ...items[0] })]);
    expect(page.width).toBe(600);
  });
});
