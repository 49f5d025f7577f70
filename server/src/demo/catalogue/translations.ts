/**
 * The demo catalogue's words in the UI's other languages (docs/translations.md): the vocabulary is
 * English, as an import from a shop would be in its own language; these fill the translations table so
 * that ru, ua and pl users read sections, categories and descriptions in their language.
 */
import type { WeightUnit } from '@pricewatch/shared/contract';

export type DemoLanguage = 'ru' | 'ua' | 'pl';
export const DEMO_LANGUAGES: readonly DemoLanguage[] = ['ru', 'ua', 'pl'];

type Names = Record<DemoLanguage, string>;

/** Section names (vocabulary.ts SECTIONS) by their English name. */
export const SECTION_NAMES: Record<string, Names> = {
  Dairy: { ru: 'Молочные продукты', ua: 'Молочні продукти', pl: 'Nabiał' },
  Bakery: { ru: 'Хлеб и выпечка', ua: 'Хліб і випічка', pl: 'Pieczywo' },
  'Meat and fish': { ru: 'Мясо и рыба', ua: "М'ясо і риба", pl: 'Mięso i ryby' },
  Beverages: { ru: 'Напитки', ua: 'Напої', pl: 'Napoje' },
  Alcohol: { ru: 'Алкоголь', ua: 'Алкоголь', pl: 'Alkohole' },
  'Sweets and snacks': { ru: 'Сладости и снеки', ua: 'Солодощі та снеки', pl: 'Słodycze i przekąski' },
  Grocery: { ru: 'Бакалея', ua: 'Бакалія', pl: 'Artykuły spożywcze' },
  'Frozen food': { ru: 'Замороженные продукты', ua: 'Заморожені продукти', pl: 'Mrożonki' },
  Household: { ru: 'Бытовая химия', ua: 'Побутова хімія', pl: 'Chemia gospodarcza' },
  'Personal care': { ru: 'Личная гигиена', ua: 'Особиста гігієна', pl: 'Higiena osobista' },
  Baby: { ru: 'Детские товары', ua: 'Дитячі товари', pl: 'Dla dzieci' },
};

/** Category names (vocabulary.ts) by their English name. */
export const CATEGORY_NAMES: Record<string, Names> = {
  Milk: { ru: 'Молоко', ua: 'Молоко', pl: 'Mleko' },
  Yogurt: { ru: 'Йогурт', ua: 'Йогурт', pl: 'Jogurt' },
  Cheese: { ru: 'Сыр', ua: 'Сир', pl: 'Ser' },
  Butter: { ru: 'Сливочное масло', ua: 'Вершкове масло', pl: 'Masło' },
  Kefir: { ru: 'Кефир', ua: 'Кефір', pl: 'Kefir' },
  Bread: { ru: 'Хлеб', ua: 'Хліб', pl: 'Chleb' },
  Biscuits: { ru: 'Печенье', ua: 'Печиво', pl: 'Ciastka' },
  Sausages: { ru: 'Колбасы и сосиски', ua: 'Ковбаси та сосиски', pl: 'Kiełbasy i parówki' },
  Ham: { ru: 'Ветчина', ua: 'Шинка', pl: 'Szynka' },
  'Canned fish': { ru: 'Рыбные консервы', ua: 'Рибні консерви', pl: 'Konserwy rybne' },
  'Mineral water': { ru: 'Минеральная вода', ua: 'Мінеральна вода', pl: 'Woda mineralna' },
  Juice: { ru: 'Соки', ua: 'Соки', pl: 'Soki' },
  'Soft drinks': { ru: 'Безалкогольные напитки', ua: 'Безалкогольні напої', pl: 'Napoje gazowane' },
  Coffee: { ru: 'Кофе', ua: 'Кава', pl: 'Kawa' },
  Tea: { ru: 'Чай', ua: 'Чай', pl: 'Herbata' },
  Beer: { ru: 'Пиво', ua: 'Пиво', pl: 'Piwo' },
  Wine: { ru: 'Вино', ua: 'Вино', pl: 'Wino' },
  Chocolate: { ru: 'Шоколад', ua: 'Шоколад', pl: 'Czekolada' },
  Chips: { ru: 'Чипсы', ua: 'Чипси', pl: 'Chipsy' },
  'Chewing gum': { ru: 'Жевательная резинка', ua: 'Жувальна гумка', pl: 'Guma do żucia' },
  Pasta: { ru: 'Макароны', ua: 'Макарони', pl: 'Makaron' },
  Cereals: { ru: 'Крупы и хлопья', ua: 'Крупи та пластівці', pl: 'Kasze i płatki' },
  Sauces: { ru: 'Соусы', ua: 'Соуси', pl: 'Sosy' },
  'Oil and baking': { ru: 'Масло и выпечка', ua: 'Олія та випічка', pl: 'Olej i pieczenie' },
  'Ice cream': { ru: 'Мороженое', ua: 'Морозиво', pl: 'Lody' },
  Dumplings: { ru: 'Пельмени и вареники', ua: 'Пельмені та вареники', pl: 'Pierogi' },
  Laundry: { ru: 'Средства для стирки', ua: 'Засоби для прання', pl: 'Pranie' },
  Dishwashing: { ru: 'Средства для посуды', ua: 'Засоби для посуду', pl: 'Zmywanie' },
  Paper: { ru: 'Бумажные изделия', ua: 'Паперові вироби', pl: 'Artykuły papierowe' },
  Shampoo: { ru: 'Шампуни', ua: 'Шампуні', pl: 'Szampony' },
  'Oral care': { ru: 'Уход за полостью рта', ua: 'Догляд за ротовою порожниною', pl: 'Higiena jamy ustnej' },
  'Soap and shower': { ru: 'Мыло и гели для душа', ua: 'Мило та гелі для душу', pl: 'Mydła i żele pod prysznic' },
  Diapers: { ru: 'Подгузники', ua: 'Підгузки', pl: 'Pieluchy' },
  'Baby food': { ru: 'Детское питание', ua: 'Дитяче харчування', pl: 'Żywność dla dzieci' },
};

const UNITS: Record<DemoLanguage, Record<WeightUnit, string>> = {
  ru: { g: 'г', kg: 'кг', ml: 'мл', l: 'л', pcs: 'шт.' },
  ua: { g: 'г', kg: 'кг', ml: 'мл', l: 'л', pcs: 'шт.' },
  pl: { g: 'g', kg: 'kg', ml: 'ml', l: 'l', pcs: 'szt.' },
};

/** Decimal comma, as all three languages write it. */
const amount = (weight: number, unit: WeightUnit, lang: DemoLanguage) => `${String(weight).replace('.', ',')} ${UNITS[lang][unit]}`;

/**
 * A demo product's description in `lang`, the same facts as the generator's English one (category,
 * brand, pack, section); null when a word has no translation (the English text is then shown).
 */
export function demoDescription(p: { category: string; section: string; brand: string; weight: number; unit: WeightUnit }, lang: DemoLanguage): string | null {
  const category = CATEGORY_NAMES[p.category]?.[lang];
  const section = SECTION_NAMES[p.section]?.[lang];
  if (!category || !section) return null;
  const size = amount(p.weight, p.unit, lang);
  if (lang === 'ru') return `${category} от ${p.brand}, ${size}. Отдел «${section}».`;
  if (lang === 'ua') return `${category} від ${p.brand}, ${size}. Відділ «${section}».`;
  return `${category} marki ${p.brand}, ${size}. Dział „${section}”.`;
}
