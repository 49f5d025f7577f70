import { alarmFormSchema, alarmFormValues, type AlarmFormValues } from '../src/features/alarms/components/alarm-form';

// The alarm dialog's checks before anything is sent: the contract's rules, in the dialog's problem codes.
const filled = (over: Partial<AlarmFormValues> = {}): AlarmFormValues => ({
  ...alarmFormValues('price', null),
  products: [{ _id: '5', name: 'Milk 1 l', ean: null }],
  shops: ['11'],
  value: '20',
  ...over,
});
const problems = (kind: 'price' | 'product', v: AlarmFormValues) => {
  const checked = alarmFormSchema(kind).safeParse(v);
  return checked.success ? {} : Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message]));
};

it('a complete price alarm passes', () => {
  expect(problems('price', filled())).toEqual({});
});

it("names each missing or wrong field once, in the dialog's words", () => {
  expect(problems('price', filled({ products: [], shops: [], value: '' }))).toEqual({
    products: 'productRequired',
    shops: 'shopsRequired',
    value: 'value_required',
  });
  expect(problems('price', filled({ value: 'abc' }))).toEqual({ value: 'bad_value' });
  expect(problems('price', filled({ value: '-1' }))).toEqual({ value: 'negative_value' });
  expect(problems('price', filled({ rule: 'diff_pct', value: '120' }))).toEqual({ value: 'percent_over_100', originalShopId: 'own_shop_required' });
  expect(problems('price', filled({ start: '2026-11-20', end: '2026-11-01' }))).toEqual({ end: 'end_before_start' });
  expect(problems('product', filled({ name: ' ' }))).toEqual({ name: 'required' });
});

it('a rule without an amount needs none', () => {
  expect(problems('price', filled({ rule: 'promo_start', value: '' }))).toEqual({});
});
