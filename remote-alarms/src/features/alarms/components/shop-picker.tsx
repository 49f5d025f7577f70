import { useMemo, useState } from 'react';
import { Box, Button, Flex, Input, Stack, Text } from '@chakra-ui/react';
import type { Shop } from '@pricewatch/shared/contract';
import { useAlarmsTranslation } from '../../../lib/i18n';
import { CheckField } from '@pricewatch/shared/ui';

export type ShopPickerProps = {
  shops: Shop[];
  selected: string[];
  onChange: (ids: string[]) => void;
  /** Shops that may not be picked (the own shop of a comparison). */
  exclude?: string | null;
  id: string;
};

/** The shops to watch: a filter box and a checkbox per shop, grouped by network in the list's order. */
export function ShopPicker({ shops, selected, onChange, exclude, id }: ShopPickerProps) {
  const { t } = useAlarmsTranslation();
  const [filter, setFilter] = useState('');
  const visible = useMemo(() => {
    const f = filter.trim().toLowerCase();
    return shops.filter((s) => s._id !== exclude && (!f || `${s.networkName} ${s.name} ${s.cityName ?? ''}`.toLowerCase().includes(f)));
  }, [shops, filter, exclude]);
  const chosen = new Set(selected);
  const toggle = (shopId: string, on: boolean) => onChange(on ? [...selected, shopId] : selected.filter((x) => x !== shopId));
  return (
    <Box borderWidth="1px" borderRadius="md" p="2">
      {/* The buttons go below the filter when a phone leaves the filter too little width. */}
      <Flex gap="2" mb="2" align="center" wrap="wrap">
        <Input
          id={id}
          size="sm"
          flex="1"
          minW="40"
          placeholder={t('form.filterShops')}
          aria-label={t('form.filterShops')}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
        />
        <Button size="xs" variant="outline" onClick={() => onChange([...new Set([...selected, ...visible.map((s) => s._id)])])}>
          {t('form.selectShown')}
        </Button>
        <Button size="xs" variant="ghost" onClick={() => onChange([])}>
          {t('form.clear')}
        </Button>
      </Flex>
      <Stack gap="1" maxH="180px" overflowY="auto" role="group" aria-label={t('form.shops')}>
        {visible.map((s) => (
          <CheckField key={s._id} checked={chosen.has(s._id)} onChange={(on) => toggle(s._id, on)}>
            {s.networkName} — {s.name}
          </CheckField>
        ))}
        {!visible.length && (
          <Text fontSize="sm" color="fg.muted">
            {t('form.noShops')}
          </Text>
        )}
      </Stack>
      <Text fontSize="xs" color="fg.muted" mt="1">
        {t('form.shopsChosen', { count: selected.length })}
      </Text>
    </Box>
  );
}
