import { parseMachinePrice, parsePrice } from '../../src/scraping/price';

const ok = (text: string, format?: Parameters<typeof parsePrice>[1]) => {
  const r = parsePrice(text, format);
  if (!r.ok) throw new Error(`${text}: ${r.reason}`);
  return r;
};

describe('parsePrice: the four countries', () => {
  it.each([
    ['39,90 Kč', 39.9, 'CZK'],
    ['1 299,00 zł', 1299, 'PLN'],
    ['39.90 ₴', 39.9, 'UAH'],
    ['5.49 ₾', 5.49, 'GEL'],
    ['12,50 грн', 12.5, 'UAH'],
    ['129 Kč', 129, 'CZK'],
  ])('%s → %d %s', (text, amount, currency) => {
    const r = ok(text);
    expect(r.amount).toBe(amount);
    expect(r.currency).toBe(currency);
  });

  it('reads thin, narrow and non-breaking spaces as thousands separators', () => {
    expect(ok('1\u00a0299,00\u00a0zł').minor).toBe(129900);
    expect(ok('1\u202f299,00 zł').minor).toBe(129900);
    expect(ok('12\u2009500 Kč').minor).toBe(1250000);
  });

  it("takes 'від 12,50 грн' as 12.50 marked as a from-price", () => {
    const r = ok('від 12,50 грн');
    expect(r.amount).toBe(12.5);
    expect(r.from).toBe(true);
  });

  it("refuses '1.600' without the shop's format, and reads it as 1600 with dot thousands", () => {
    expect(parsePrice('1.600 Kč')).toMatchObject({ ok: false, reason: 'ambiguous' });
    expect(ok('1.600 Kč', { decimal: ',', thousands: '.' }).amount).toBe(1600);
    expect(ok('1.600,50 Kč', { decimal: ',', thousands: '.' }).amount).toBe(1600.5);
  });

  it('refuses a number that does not follow the given format', () => {
    expect(parsePrice('1,600.00', { decimal: ',', thousands: '.' })).toMatchObject({ ok: false });
    expect(parsePrice('16,00,0', { decimal: ',', thousands: ' ' })).toMatchObject({ ok: false });
  });

  it('skips a per-kg price beside the price, and refuses a per-kg price alone', () => {
    expect(ok('24,90 zł (99,60 zł/kg)').amount).toBe(24.9);
    expect(ok('39,90 Kč 79,80 Kč/kg').amount).toBe(39.9);
    expect(parsePrice('99,60 zł/kg')).toMatchObject({ ok: false, reason: 'per_unit_only' });
    expect(parsePrice('79,80 грн за кг')).toMatchObject({ ok: false, reason: 'per_unit_only' });
  });

  it('refuses two item prices in one text (old and promo side by side) instead of picking one', () => {
    expect(parsePrice('49,90 Kč 39,90 Kč')).toMatchObject({ ok: false, reason: 'ambiguous' });
  });

  it.each(['call us', 'Price on request', 'Ціна за запитом', 'Cena na zapytanie', 'Cena na dotaz', ''])("'%s' is no price", (text) => {
    const r = parsePrice(text);
    expect(r.ok).toBe(false);
  });

  it('refuses zero and absurd amounts', () => {
    expect(parsePrice('0,00 Kč')).toMatchObject({ ok: false, reason: 'out_of_range' });
    expect(parsePrice('99999999 Kč')).toMatchObject({ ok: false, reason: 'out_of_range' });
  });
});

describe('parseMachinePrice (schema.org values)', () => {
  it('reads numbers and dot-decimal strings', () => {
    expect(parseMachinePrice('39.90')).toMatchObject({ ok: true, minor: 3990 });
    expect(parseMachinePrice(5.49)).toMatchObject({ ok: true, minor: 549 });
  });
  it('refuses shop-formatted text in a machine field', () => {
    expect(parseMachinePrice('1.299,00')).toMatchObject({ ok: false });
    expect(parseMachinePrice('call us')).toMatchObject({ ok: false, reason: 'on_request' });
  });
});
