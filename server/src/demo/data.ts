import type { ExportDetails } from '@pricewatch/shared/contract';

/** The provider's own network: users in it see everything (spec §6 "{product}"). */
export const PROVIDER_NETWORK = { code: 'pricewatch', name: 'Pricewatch' } as const;

export const DEMO_PASSWORD = 'pricewatch';

export const CITIES: { code: string; name: string; country: string }[] = [
  { code: 'PRG', name: 'Praha', country: 'cz' },
  { code: 'BRN', name: 'Brno', country: 'cz' },
  { code: 'OST', name: 'Ostrava', country: 'cz' },
  { code: 'PLZ', name: 'Plzeň', country: 'cz' },
  { code: 'KYI', name: 'Kyiv', country: 'ua' },
  { code: 'LVI', name: 'Lviv', country: 'ua' },
  { code: 'ODS', name: 'Odesa', country: 'ua' },
  { code: 'KHR', name: 'Kharkiv', country: 'ua' },
  { code: 'WAW', name: 'Warszawa', country: 'pl' },
  { code: 'KRK', name: 'Kraków', country: 'pl' },
  { code: 'GDN', name: 'Gdańsk', country: 'pl' },
  { code: 'TBS', name: 'Tbilisi', country: 'ge' },
  { code: 'BUS', name: 'Batumi', country: 'ge' },
  { code: 'KUT', name: 'Kutaisi', country: 'ge' },
];

type DemoShop = { code: string; name: string; city: string; address: string };
type DemoNetwork = {
  code: string;
  name: string;
  country: string;
  isProduct?: boolean;
  leaflet?: boolean;
  exportDetails?: Partial<ExportDetails>;
  shops: DemoShop[];
};

const AUCHAN_SHOPS: DemoShop[] = [
  { code: 'auchan-kyi-petrivka', name: 'Auchan Petrivka', city: 'KYI', address: 'prosp. Stepana Bandery 15, Kyiv' },
  { code: 'auchan-lvi-sykhiv', name: 'Auchan Sykhiv', city: 'LVI', address: 'vul. Stryiska 200, Lviv' },
  { code: 'auchan-ods-kotovskoho', name: 'Auchan Odesa', city: 'ODS', address: 'vul. Balkivska 88, Odesa' },
];

export const NETWORKS: DemoNetwork[] = [
  { ...PROVIDER_NETWORK, country: 'cz', isProduct: true, leaflet: true, shops: [] },
  {
    code: 'albert',
    name: 'Albert',
    country: 'cz',
    leaflet: true,
    exportDetails: { access: ['parser', 'manual'], allowedNetworks: ['lidl', 'kaufland'] },
    shops: [
      { code: 'albert-prg-andel', name: 'Albert Anděl', city: 'PRG', address: 'Plzeňská 8, Praha 5' },
      { code: 'albert-brn-vankovka', name: 'Albert Vaňkovka', city: 'BRN', address: 'Ve Vaňkovce 1, Brno' },
      { code: 'albert-ost-nova-karolina', name: 'Albert Nová Karolina', city: 'OST', address: 'Jantarová 3344/4, Ostrava' },
      { code: 'albert-prg-flora', name: 'Albert Flora', city: 'PRG', address: 'Vinohradská 151, Praha 3' },
    ],
  },
  {
    code: 'billa',
    name: 'Billa',
    country: 'cz',
    leaflet: true,
    exportDetails: { allowedNetworks: ['albert', 'penny'] },
    shops: [
      { code: 'billa-prg-vinohrady', name: 'Billa Vinohrady', city: 'PRG', address: 'Vinohradská 50, Praha 2' },
      { code: 'billa-ost-poruba', name: 'Billa Poruba', city: 'OST', address: 'Hlavní třída 583, Ostrava' },
      { code: 'billa-brn-lidicka', name: 'Billa Lidická', city: 'BRN', address: 'Lidická 1871/21, Brno' },
    ],
  },
  {
    code: 'lidl',
    name: 'Lidl',
    country: 'cz',
    shops: [
      { code: 'lidl-prg-smichov', name: 'Lidl Smíchov', city: 'PRG', address: 'Radlická 117, Praha 5' },
      { code: 'lidl-plz-slovany', name: 'Lidl Slovany', city: 'PLZ', address: 'Koterovská 84, Plzeň' },
      { code: 'lidl-brn-mendlovo', name: 'Lidl Mendlovo náměstí', city: 'BRN', address: 'Křížová 1, Brno' },
    ],
  },
  {
    code: 'kaufland',
    name: 'Kaufland',
    country: 'cz',
    shops: [
      { code: 'kaufland-brn-kralovo-pole', name: 'Kaufland Královo Pole', city: 'BRN', address: 'Cimburkova 9, Brno' },
      { code: 'kaufland-ost-zabreh', name: 'Kaufland Zábřeh', city: 'OST', address: 'Horní 1492, Ostrava' },
      { code: 'kaufland-prg-barrandov', name: 'Kaufland Barrandov', city: 'PRG', address: 'Chaplinovo náměstí 615/1, Praha 5' },
    ],
  },
  {
    code: 'tesco',
    name: 'Tesco',
    country: 'cz',
    shops: [
      { code: 'tesco-prg-eden', name: 'Tesco Eden', city: 'PRG', address: 'U Slavie 1527, Praha 10' },
      { code: 'tesco-plz-rokycanska', name: 'Tesco Plzeň', city: 'PLZ', address: 'Rokycanská 1373/130, Plzeň' },
    ],
  },
  {
    code: 'penny',
    name: 'Penny',
    country: 'cz',
    shops: [
      { code: 'penny-plz-borska', name: 'Penny Borská', city: 'PLZ', address: 'Borská 55, Plzeň' },
      { code: 'penny-prg-zizkov', name: 'Penny Žižkov', city: 'PRG', address: 'Koněvova 2660/141, Praha 3' },
    ],
  },
  {
    code: 'auchan',
    name: 'Auchan',
    country: 'ua',
    leaflet: true,
    exportDetails: { isAshan: true, allNetworks: true, ashanShops: AUCHAN_SHOPS.map((s) => s.code) },
    shops: AUCHAN_SHOPS,
  },
  {
    code: 'metro',
    name: 'Metro',
    country: 'ua',
    exportDetails: { isMetro: true, allNetworks: true },
    shops: [
      { code: 'metro-kyi-hryhorenka', name: 'Metro Hryhorenka', city: 'KYI', address: 'prosp. Hryhorenka 43, Kyiv' },
      { code: 'metro-khr-haharina', name: 'Metro Kharkiv', city: 'KHR', address: 'prosp. Haharina 187, Kharkiv' },
    ],
  },
  {
    code: 'atb',
    name: 'ATB',
    country: 'ua',
    exportDetails: { isAtb: true, allowedNetworks: ['silpo', 'novus'] },
    shops: [
      { code: 'atb-kyi-obolon', name: 'ATB Obolon', city: 'KYI', address: 'prosp. Obolonskyi 21, Kyiv' },
      { code: 'atb-khr-saltivka', name: 'ATB Saltivka', city: 'KHR', address: 'prosp. Traktorobudivnykiv 59, Kharkiv' },
      { code: 'atb-ods-tairova', name: 'ATB Tairova', city: 'ODS', address: 'vul. Akademika Koroliova 44, Odesa' },
      { code: 'atb-lvi-horodotska', name: 'ATB Horodotska', city: 'LVI', address: 'vul. Horodotska 174, Lviv' },
    ],
  },
  {
    code: 'silpo',
    name: 'Silpo',
    country: 'ua',
    shops: [
      { code: 'silpo-kyi-pechersk', name: 'Silpo Pechersk', city: 'KYI', address: 'vul. Lesi Ukrainky 7, Kyiv' },
      { code: 'silpo-lvi-center', name: 'Silpo Lviv Center', city: 'LVI', address: 'pl. Rynok 10, Lviv' },
      { code: 'silpo-ods-arkadia', name: 'Silpo Arkadia', city: 'ODS', address: 'Henuezska vul. 24, Odesa' },
    ],
  },
  {
    code: 'novus',
    name: 'Novus',
    country: 'ua',
    shops: [
      { code: 'novus-kyi-sky-mall', name: 'Novus Sky Mall', city: 'KYI', address: 'prosp. Romana Shukhevycha 2T, Kyiv' },
      { code: 'novus-kyi-lukianivka', name: 'Novus Lukianivka', city: 'KYI', address: 'vul. Dmytrivska 82, Kyiv' },
    ],
  },
  {
    code: 'biedronka',
    name: 'Biedronka',
    country: 'pl',
    shops: [
      { code: 'biedronka-waw-mokotow', name: 'Biedronka Mokotów', city: 'WAW', address: 'ul. Puławska 145, Warszawa' },
      { code: 'biedronka-krk-kazimierz', name: 'Biedronka Kazimierz', city: 'KRK', address: 'ul. Starowiślna 60, Kraków' },
      { code: 'biedronka-gdn-oliwa', name: 'Biedronka Oliwa', city: 'GDN', address: 'ul. Grunwaldzka 472, Gdańsk' },
    ],
  },
  {
    code: 'zabka',
    name: 'Żabka',
    country: 'pl',
    shops: [
      { code: 'zabka-waw-srodmiescie', name: 'Żabka Śródmieście', city: 'WAW', address: 'ul. Marszałkowska 84, Warszawa' },
      { code: 'zabka-gdn-wrzeszcz', name: 'Żabka Wrzeszcz', city: 'GDN', address: 'ul. Grunwaldzka 82, Gdańsk' },
      { code: 'zabka-krk-rynek', name: 'Żabka Rynek', city: 'KRK', address: 'ul. Floriańska 20, Kraków' },
    ],
  },
  {
    code: 'carrefour',
    name: 'Carrefour',
    country: 'ge',
    shops: [
      { code: 'carrefour-tbs-east-point', name: 'Carrefour East Point', city: 'TBS', address: 'Tsereteli Ave 118, Tbilisi' },
      { code: 'carrefour-bus-boulevard', name: 'Carrefour Batumi', city: 'BUS', address: 'Gorgiladze St 1, Batumi' },
      { code: 'carrefour-tbs-galleria', name: 'Carrefour Galleria', city: 'TBS', address: 'Rustaveli Ave 2/4, Tbilisi' },
    ],
  },
  {
    code: 'nikora',
    name: 'Nikora',
    country: 'ge',
    shops: [
      { code: 'nikora-tbs-vake', name: 'Nikora Vake', city: 'TBS', address: 'Chavchavadze Ave 37, Tbilisi' },
      { code: 'nikora-kut-center', name: 'Nikora Kutaisi', city: 'KUT', address: 'Rustaveli St 12, Kutaisi' },
      { code: 'nikora-bus-chavchavadze', name: 'Nikora Batumi', city: 'BUS', address: 'Chavchavadze St 52, Batumi' },
    ],
  },
];

export type DemoUser = {
  username: string;
  name: string;
  network: string;
  roles: string[];
  isAdmin?: boolean;
  isGuest?: boolean;
  isOperatorAdmin?: boolean;
  isMetro?: boolean;
  isAshan?: boolean;
  /** What the login shows, for the start-up printout and the README. */
  description: string;
};

export const USERS: DemoUser[] = [
  { username: 'admin', name: 'Admin', network: 'pricewatch', roles: ['admin'], isAdmin: true, description: 'provider admin' },
  {
    username: 'operator',
    name: 'Operator',
    network: 'pricewatch',
    roles: ['operator-admin'],
    isOperatorAdmin: true,
    description: 'provider operator admin',
  },
  {
    username: 'hunter',
    name: 'Hunter',
    network: 'pricewatch',
    roles: ['admin', 'hunter-limit'],
    isAdmin: true,
    description: 'provider price hunter (hunter-limit)',
  },
  { username: 'guest', name: 'Guest', network: 'pricewatch', roles: ['guest'], isGuest: true, description: 'guest' },
  {
    username: 'ashan',
    name: 'Olena Kovalenko',
    network: 'auchan',
    roles: ['network'],
    isAshan: true,
    description: 'Auchan (Ashan-type client)',
  },
  {
    username: 'metro',
    name: 'Taras Melnyk',
    network: 'metro',
    roles: ['network'],
    isMetro: true,
    description: 'Metro (Metro-type client)',
  },
  { username: 'atb', name: 'Iryna Shevchenko', network: 'atb', roles: ['network'], description: 'ATB (Atb-type client)' },
  {
    username: 'netadmin',
    name: 'Petra Nováková',
    network: 'billa',
    roles: ['network', 'network-admin'],
    description: 'Billa network admin',
  },
  {
    username: 'analyst',
    name: 'Jan Dvořák',
    network: 'albert',
    roles: ['network'],
    description: 'Albert network user (parser, manual)',
  },
];
