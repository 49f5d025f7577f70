import { useId, useMemo } from 'react';
import { Button, Field, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useExportsTranslation } from '../../../lib/i18n';
import { useBrands } from '../../../lib/catalogue/get-brands';
import { useNetworks } from '../../../lib/catalogue/get-networks';
import { useSections } from '../../../lib/catalogue/get-sections';
import { useShops } from '../../../lib/catalogue/get-shops';
import type { ListParams } from '../hooks/use-list-params';

type FilterValues = Pick<ListParams, 'network' | 'shop' | 'brand' | 'section'>;

type SelectProps = {
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  children: React.ReactNode;
};

function FilterSelect({ label, value, onChange, disabled, children }: SelectProps) {
  const { t } = useExportsTranslation();
  const id = useId();
  return (
    <Field.Root width={{ base: '100%', sm: '12rem' }} disabled={disabled}>
      <Field.Label htmlFor={id} fontSize="xs" color="fg.muted">
        {label}
      </Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field id={id} value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t('productList.filters.any')}</option>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * Network, shop, brand and section of the product list. Shops follow the chosen network; brands
 * follow the network and section. An article/EAN search is an exact lookup: filters do not apply.
 */
export function ProductFilters({ value, onChange, disabled }: { value: FilterValues; onChange: (patch: Partial<FilterValues>) => void; disabled: boolean }) {
  const { t } = useExportsTranslation();
  const networks = useNetworks();
  const shops = useShops();
  const brands = useBrands({
    networks: value.network ? [value.network] : undefined,
    sections: value.section ? [value.section] : undefined,
  });
  const sections = useSections();

  const networkList = networks.data;
  const byCountry = useMemo(() => {
    const groups = new Map<string, NonNullable<typeof networkList>>();
    for (const n of networkList ?? []) groups.set(n.country, [...(groups.get(n.country) ?? []), n]);
    return [...groups];
  }, [networkList]);
  const shopOptions = useMemo(() => (shops.data ?? []).filter((s) => !value.network || s.network === value.network), [shops.data, value.network]);
  const hasFilters = !!(value.network || value.shop || value.brand || value.section);

  return (
    <HStack as="form" role="search" aria-label={t('productList.filters.label')} gap="3" align="flex-end" wrap="wrap" onSubmit={(e) => e.preventDefault()}>
      <FilterSelect
        label={t('productList.filters.network')}
        value={value.network}
        disabled={disabled}
        onChange={(network) => {
          const shop = shops.data?.find((s) => s._id === value.shop);
          onChange({ network, ...(shop && network && shop.network !== network ? { shop: '' } : {}) });
        }}
      >
        {byCountry.map(([country, list]) => (
          <optgroup key={country} label={t(`countries.${country}`, { defaultValue: country.toUpperCase() })}>
            {list.map((n) => (
              <option key={n.code} value={n.code}>
                {n.name}
              </option>
            ))}
          </optgroup>
        ))}
      </FilterSelect>
      <FilterSelect label={t('productList.filters.shop')} value={value.shop} disabled={disabled} onChange={(shop) => onChange({ shop })}>
        {shopOptions.map((s) => (
          <option key={s._id} value={s._id}>
            {value.network ? s.name : `${s.networkName} · ${s.name}`}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label={t('productList.filters.brand')} value={value.brand} disabled={disabled} onChange={(brand) => onChange({ brand })}>
        {(brands.data ?? []).map((b) => (
          <option key={b._id} value={b._id}>
            {b.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label={t('productList.filters.section')} value={value.section} disabled={disabled} onChange={(section) => onChange({ section })}>
        {sections.map((s) => (
          <option key={s._id} value={s._id}>
            {s.name}
          </option>
        ))}
      </FilterSelect>
      {hasFilters && !disabled && (
        <Button size="sm" variant="ghost" onClick={() => onChange({ network: '', shop: '', brand: '', section: '' })}>
          {t('productList.filters.clear')}
        </Button>
      )}
      {disabled && (
        <Text fontSize="sm" color="fg.muted" pb="2">
          {t('productList.filters.notForCode')}
        </Text>
      )}
    </HStack>
  );
}
