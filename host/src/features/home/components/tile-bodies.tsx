import { useMemo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Badge, Box, Flex, Link, Stack, Text } from '@chakra-ui/react';
import { BarSeriesChart } from '@pricewatch/shared/chart';
import type { HomeAlarms, HomeExports, HomeParsers, HomePriceChanges, HomePriceIndex, HomeSuspicious } from '@pricewatch/shared/contract';
import { formatPrice, intlLocale } from '@pricewatch/shared/format';
import { useTranslation } from '@pricewatch/shared/i18n';

function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const locale = intlLocale(lang);
  return useMemo(() => {
    const decimal = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 });
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' });
    const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
    const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'numeric', timeZone: 'UTC' });
    return {
      money: (v: number, currency: string | null) => (currency ? formatPrice(v, currency, lang) : decimal.format(v)),
      pct: (v: number) => `${v > 0 ? '+' : ''}${decimal.format(v)} %`,
      decimal: (v: number) => decimal.format(v),
      dateTime: (iso: string) => dateTime.format(new Date(iso)),
      time: (iso: string) => time.format(new Date(iso)),
      day: (isoDay: string) => day.format(new Date(`${isoDay}T00:00:00Z`)),
    };
  }, [locale, lang]);
}

/** The tile's headline figure and what it counts. */
function Figure({ value, label, tone }: { value: ReactNode; label: ReactNode; tone?: string }) {
  return (
    <Box>
      <Text fontSize="3xl" fontWeight="bold" lineHeight="1" color={tone}>
        {value}
      </Text>
      <Text fontSize="sm" color="fg.muted" mt="1">
        {label}
      </Text>
    </Box>
  );
}

/** A short list of the tile's items; each row a name (maybe a link), a detail line and a value on the right. */
function Rows({ children }: { children: ReactNode }) {
  return (
    <Stack as="ul" listStyleType="none" gap="0" mt="3" borderTopWidth="1px">
      {children}
    </Stack>
  );
}

function Row({ title, to, detail, value }: { title: string; to?: string; detail?: ReactNode; value?: ReactNode }) {
  return (
    <Flex as="li" justify="space-between" align="flex-start" gap="3" py="2" borderBottomWidth="1px" fontSize="sm">
      <Box minW="0" flex="1">
        {to ? (
          // data-data: the name of a product, an export or a parser, shown as written in any language.
          <Link asChild fontWeight="medium" color="blue.fg" wordBreak="break-word" data-data="">
            <RouterLink to={to}>{title}</RouterLink>
          </Link>
        ) : (
          <Text fontWeight="medium" wordBreak="break-word" data-data="">
            {title}
          </Text>
        )}
        {detail && (
          <Text color="fg.muted" fontSize="xs" wordBreak="break-word">
            {detail}
          </Text>
        )}
      </Box>
      {value && (
        <Box textAlign="end" flexShrink={0}>
          {value}
        </Box>
      )}
    </Flex>
  );
}

function Change({ old, now, pct, currency }: { old: number; now: number; pct: number; currency: string | null }) {
  const f = useFormat();
  return (
    <>
      <Text whiteSpace="nowrap">
        {f.money(old, currency)} → {f.money(now, currency)}
      </Text>
      <Text fontSize="xs" fontWeight="semibold" color={pct > 0 ? 'red.fg' : 'green.fg'}>
        {f.pct(pct)}
      </Text>
    </>
  );
}

function Quiet({ children }: { children: ReactNode }) {
  return (
    <Text fontSize="sm" color="fg.muted" mt="3">
      {children}
    </Text>
  );
}

export function PriceIndexBody({ data }: { data: HomePriceIndex }) {
  const { t } = useTranslation();
  const f = useFormat();
  const rows = data.networks
    .filter((n) => n.index !== null)
    .map((n) => ({ name: n.networkName, index: n.index }))
    .sort((a, b) => Number(a.index) - Number(b.index));
  const base = data.networks.find((n) => n.network === data.baseNetwork);
  if (!base || rows.length < 2) return <Quiet>{t('home.tiles.price-index.none')}</Quiet>;
  return (
    <>
      <Text fontSize="sm" color="fg.muted">
        {t('home.tiles.price-index.caption', {
          base: base.networkName,
          days: Math.round((Date.parse(data.end) - Date.parse(data.start)) / 86_400_000) + 1,
          products: data.products,
        })}
      </Text>
      <BarSeriesChart
        label={t('home.tiles.price-index.chart', { base: base.networkName })}
        data={rows}
        categoryKey="name"
        series={[{ key: 'index', name: t('home.tiles.price-index.index') }]}
        formatValue={f.decimal}
        horizontal
        reference={{ value: 100 }}
        height={Math.max(140, rows.length * 34 + 40)}
        categoryWidth={110}
      />
    </>
  );
}

export function PriceChangesBody({ data }: { data: HomePriceChanges }) {
  const { t } = useTranslation();
  return (
    <>
      <Flex gap={{ base: '4', md: '6' }} wrap="wrap">
        <Figure value={data.total} label={t('home.tiles.price-changes.today')} />
        <Figure value={`↑ ${data.up}`} label={t('home.tiles.price-changes.up')} tone="red.fg" />
        <Figure value={`↓ ${data.down}`} label={t('home.tiles.price-changes.down')} tone="green.fg" />
      </Flex>
      {data.items.length === 0 ? (
        <Quiet>{t('home.tiles.price-changes.none')}</Quiet>
      ) : (
        <Rows>
          {data.items.map((c) => (
            <Row
              key={`${c.productId}-${c.shopId}`}
              title={c.productName}
              to={`/product/${c.productId}`}
              detail={c.shopName}
              value={<Change old={c.oldPrice} now={c.newPrice} pct={c.changePct} currency={c.currency} />}
            />
          ))}
        </Rows>
      )}
    </>
  );
}

export function AlarmsBody({ data }: { data: HomeAlarms }) {
  const { t } = useTranslation();
  const f = useFormat();
  const chart = data.perDay.map((d) => ({ day: f.day(d.day), count: d.count }));
  return (
    <>
      <Flex gap={{ base: '4', md: '6' }} wrap="wrap">
        <Figure value={data.today} label={t('home.tiles.alarms.today')} />
        <Figure value={data.unread} label={t('home.tiles.alarms.unread')} />
      </Flex>
      {/* An empty chart says nothing the zeros above do not. */}
      {data.perDay.some((d) => d.count > 0) && (
        <BarSeriesChart
          label={t('home.tiles.alarms.chart')}
          data={chart}
          categoryKey="day"
          series={[{ key: 'count', name: t('home.tiles.alarms.fired') }]}
          height={140}
        />
      )}
      {data.items.length === 0 ? (
        <Quiet>{t('home.tiles.alarms.none')}</Quiet>
      ) : (
        <Rows>
          {data.items.map((e) => (
            <Row
              key={e._id}
              title={e.productName}
              to={`/product/${e.productId}`}
              detail={`${e.shopName} · ${f.time(e.firedAt)}`}
              value={
                e.oldPrice !== null && e.newPrice !== null ? (
                  <Change old={e.oldPrice} now={e.newPrice} pct={Math.round(((e.newPrice - e.oldPrice) / e.oldPrice) * 1000) / 10} currency={e.currency} />
                ) : undefined
              }
            />
          ))}
        </Rows>
      )}
    </>
  );
}

const STATE_COLORS: Record<string, string> = { queued: 'gray', running: 'blue', done: 'green', failed: 'red' };

export function ExportsBody({ data }: { data: HomeExports }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (data.items.length === 0) return <Quiet>{t('home.tiles.exports.none')}</Quiet>;
  return (
    <>
      <Figure value={data.total} label={t('home.tiles.exports.total')} />
      <Rows>
        {data.items.map((r) => (
          <Row
            key={r._id}
            title={r.name}
            detail={f.dateTime(r.createdAt)}
            value={
              <Badge colorPalette={STATE_COLORS[r.state]} variant="subtle">
                {t(`home.tiles.exports.state.${r.state}`)}
              </Badge>
            }
          />
        ))}
      </Rows>
    </>
  );
}

export function ParsersBody({ data }: { data: HomeParsers }) {
  const { t } = useTranslation();
  return (
    <>
      <Flex gap={{ base: '4', md: '6' }} wrap="wrap">
        <Figure value={data.failing} label={t('home.tiles.parsers.failing', { total: data.total })} tone={data.failing ? 'orange.fg' : undefined} />
        <Figure value={data.flagged} label={t('home.tiles.parsers.flagged')} tone={data.flagged ? 'red.fg' : undefined} />
      </Flex>
      {data.items.length === 0 ? (
        <Quiet>{t('home.tiles.parsers.none')}</Quiet>
      ) : (
        <Rows>
          {data.items.map((p) => (
            <Row
              key={p._id}
              title={p.name}
              detail={t('home.tiles.parsers.detail', { network: p.network, problems: p.problems })}
              value={
                p.flagged ? (
                  <Badge colorPalette="red" variant="subtle">
                    {t('home.tiles.parsers.flag')}
                  </Badge>
                ) : undefined
              }
            />
          ))}
        </Rows>
      )}
    </>
  );
}

export function SuspiciousBody({ data }: { data: HomeSuspicious }) {
  const { t } = useTranslation();
  return (
    <>
      <Figure value={data.total} label={t('home.tiles.suspicious.waiting')} tone={data.total ? 'orange.fg' : undefined} />
      {data.items.length === 0 ? (
        <Quiet>{t('home.tiles.suspicious.none')}</Quiet>
      ) : (
        <Rows>
          {data.items.map((s) => (
            <Row
              key={s._id}
              title={s.productName}
              to={`/product/${s.productId}`}
              detail={s.parserName === s.shopName ? s.shopName : `${s.shopName} · ${s.parserName}`}
              value={<Change old={s.oldPrice} now={s.newPrice} pct={s.changePct} currency={s.currency} />}
            />
          ))}
        </Rows>
      )}
    </>
  );
}
