import { useId } from 'react';
import { Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import type { NetworkSummary } from '@pricewatch/shared/contract';
import { ANALYTICS_MAX_DAYS } from '../../../lib/limits';
import { PeriodFields } from '../../../components/period-fields';
import { useExportsTranslation } from '../../../lib/i18n';
import type { Period } from '../../../lib/period';
import type { Brand } from '@pricewatch/shared/contract';
import type { Section } from '../../../lib/catalogue/get-sections';

export type AnalyticsFilterValues = {
  period: Period;
  country: string;
  /** Network codes compared (all of the country when none is left out). */
  networks: string[];
  baseNetwork: string;
  section: string;
  brand: string;
};

function Select({
  label,
  value,
  onChange,
  children,
  anyLabel,
  width = '12rem',
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  children: React.ReactNode;
  anyLabel?: string;
  width?: string;
}) {
  const id = useId();
  return (
    <Field.Root width={{ base: '100%', sm: width }}>
      <Field.Label htmlFor={id} fontSize="xs" color="fg.muted">
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          {anyLabel !== undefined && <option value="">{anyLabel}</option>}
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * What the analytics compare: the period, the market (one country: prices are compared within one
 * currency), its networks, the base network of the price index, and optionally a section and brand.
 */
export function AnalyticsFilters({
  value,
  onChange,
  networks,
  brands,
  sections,
}: {
  value: AnalyticsFilterValues;
  onChange: (patch: Partial<AnalyticsFilterValues>) => void;
  networks: NetworkSummary[];
  brands: Brand[];
  sections: Section[];
}) {
  const { t } = useExportsTranslation();
  const countries = [...new Set(networks.map((n) => n.country))];
  const inCountry = networks.filter((n) => n.country === value.country);
  const chosen = new Set(value.networks);

  const toggle = (code: string) => {
    const next = inCountry.map((n) => n.code).filter((c) => (c === code ? !chosen.has(c) : chosen.has(c)));
    if (next.length === 0) return; // at least one network stays compared
    onChange({ networks: next, ...(next.includes(value.baseNetwork) ? {} : { baseNetwork: next[0] }) });
  };

  return (
    <Stack gap="4" as="form" role="search" aria-label={t('analytics.filters.label')} onSubmit={(e) => e.preventDefault()}>
      <HStack gap="4" align="flex-start" wrap="wrap">
        <PeriodFields value={value.period} onChange={(period) => onChange({ period })} maxDays={ANALYTICS_MAX_DAYS} />
      </HStack>
      <HStack gap="3" align="flex-end" wrap="wrap">
        {countries.length > 1 && (
          <Select
            label={t('analytics.filters.country')}
            value={value.country}
            width="10rem"
            onChange={(country) => {
              const list = networks.filter((n) => n.country === country).map((n) => n.code);
              onChange({ country, networks: list, baseNetwork: list[0] ?? '' });
            }}
          >
            {countries.map((c) => (
              <option key={c} value={c}>
                {t(`countries.${c}`, { defaultValue: c.toUpperCase() })}
              </option>
            ))}
          </Select>
        )}
        <Select label={t('analytics.filters.baseNetwork')} value={value.baseNetwork} onChange={(baseNetwork) => onChange({ baseNetwork })}>
          {inCountry
            .filter((n) => chosen.has(n.code))
            .map((n) => (
              <option key={n.code} value={n.code}>
                {n.name}
              </option>
            ))}
        </Select>
        <Select
          label={t('analytics.filters.section')}
          value={value.section}
          anyLabel={t('analytics.filters.all')}
          onChange={(section) => onChange({ section })}
        >
          {sections.map((s) => (
            <option key={s._id} value={s._id}>
              {s.name}
            </option>
          ))}
        </Select>
        <Select label={t('analytics.filters.brand')} value={value.brand} anyLabel={t('analytics.filters.all')} onChange={(brand) => onChange({ brand })}>
          {brands.map((b) => (
            <option key={b._id} value={b._id}>
              {b.name}
            </option>
          ))}
        </Select>
      </HStack>
      <Stack gap="1">
        <Text fontSize="xs" color="fg.muted" id="analytics-networks">
          {t('analytics.filters.networks')}
        </Text>
        <HStack gap="2" wrap="wrap" role="group" aria-labelledby="analytics-networks">
          {inCountry.map((n) => {
            const on = chosen.has(n.code);
            return (
              <Button key={n.code} size="xs" variant={on ? 'subtle' : 'outline'} aria-pressed={on} onClick={() => toggle(n.code)}>
                {n.name}
                {n.code === value.baseNetwork && (
                  <Text as="span" fontSize="2xs" color="fg.muted" ms="1">
                    ({t('analytics.filters.base')})
                  </Text>
                )}
              </Button>
            );
          })}
        </HStack>
      </Stack>
    </Stack>
  );
}
