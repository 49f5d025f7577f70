import { useEffect, useId, useMemo, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Field, Fieldset, HStack, Input, NativeSelect, SimpleGrid, Stack, Text, chakra } from '@chakra-ui/react';
import { isApiError } from '@pricewatch/shared/api';
import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import { ACCESS_AREAS, NETWORK_ADMIN_ASSIGNABLE_ROLES, ROLES, type FieldError, type NetworkUser, type Role } from '@pricewatch/shared/contract';
import { CheckField, Modal } from '@pricewatch/shared/ui';
import { useUsersTranslation } from '../../../lib/i18n';
import { useErrorText } from '../../../lib/error-text';
import { isProviderAdmin } from '@pricewatch/shared/permissions';
import { useChoices } from '../api/get-choices';
import { createNetworkUser, updateNetworkUser } from '../api/save-network-user';
import { createBody, updateBody, userFormSchema, userFormValues, type UserFormValues } from './user-form-model';
import { PasswordHint } from './password-hint';

const toggle = <T,>(list: T[], item: T, on: boolean) => (on ? [...new Set([...list, item])] : list.filter((x) => x !== item));

/** Field errors by the form's field: `exportDetails.access` → `access`, `roles.0` → `roles`. */
function fieldMap(fields: FieldError[] | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of fields ?? []) {
    const key = f.path.replace(/^exportDetails\./, '').split('.')[0]!;
    out[key] ??= f.message;
  }
  return out;
}

function Section({ legend, children, error }: { legend: string; children: ReactNode; error?: string | undefined }) {
  return (
    <Fieldset.Root invalid={!!error}>
      <Fieldset.Legend fontSize="sm" fontWeight="semibold">
        {legend}
      </Fieldset.Legend>
      <Fieldset.Content mt="1" gap="1">
        {children}
      </Fieldset.Content>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}

/**
 * Create or edit a user (spec §7 Users): username, name, password with its strength rules, roles,
 * blocked, and the rights within the network (access areas, allowed networks, stores map, custom
 * markets and switcher, custom EANs). Server errors are shown translated, the fields they name marked.
 */
export function UserFormDialog({
  open,
  user,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** null: a new user. */
  user: NetworkUser | null;
  onClose: () => void;
  onSaved: (saved: NetworkUser) => void;
}) {
  const { t } = useUsersTranslation();
  const errorText = useErrorText();
  const me = useAuthStore(selectUser);
  const provider = isProviderAdmin(me);
  const ownNetwork = me?.network?.code ?? '';
  const form = useForm<UserFormValues>({ defaultValues: userFormValues(user, ownNetwork), resolver: zodResolver(userFormSchema(!!user, provider)) });
  const { reset, setValue, watch, handleSubmit, formState } = form;
  const state = watch();
  const [error, setError] = useState<unknown>(null);
  const choices = useChoices(open);
  const ids = { username: useId(), name: useId(), password: useId(), hint: useId(), network: useId(), stores: useId() };

  useEffect(() => {
    if (open) {
      reset(userFormValues(user, ownNetwork));
      setError(null);
    }
  }, [open, user, ownNetwork, reset]);

  const fields = fieldMap(isApiError(error) ? error.fields : undefined);
  // A field's problem goes once the field changes (checked again after the first Create/Save).
  const set = (patch: Partial<UserFormValues>) => {
    for (const [key, value] of Object.entries(patch)) {
      setValue(key as keyof UserFormValues, value as never, { shouldValidate: formState.isSubmitted, shouldDirty: true });
    }
  };
  const assignable: readonly Role[] = provider ? ROLES : NETWORK_ADMIN_ASSIGNABLE_ROLES;
  const networks = useMemo(() => choices.data?.networks ?? [], [choices.data]);
  const otherNetworks = useMemo(() => networks.filter((n) => n.code !== state.network && !n.isProduct), [networks, state.network]);
  const shops = choices.data?.shops ?? [];

  const save = async (values: UserFormValues) => {
    setError(null);
    try {
      const saved = user ? await updateNetworkUser(user._id, updateBody(values)) : await createNetworkUser(createBody(values, provider));
      onSaved(saved);
    } catch (err) {
      setError(err);
    }
  };

  const fieldError = (name: string) => {
    const local = (formState.errors as Partial<Record<string, { message?: string }>>)[name]?.message;
    if (local) return local === 'required' ? t('problems.required') : errorText.field(local);
    return fields[name] ? errorText.field(fields[name]!) : undefined;
  };
  const saving = formState.isSubmitting;
  const title = user ? t('form.editTitle', { username: user.username }) : t('form.createTitle');

  const formId = `${ids.name}-form`;
  return (
    <Modal
      open={open}
      onClose={onClose}
      size="lg"
      scrollInside
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            {t('common.cancel')}
          </Button>
          {/* The button sits in the dialog's footer, outside the form it submits. */}
          <Button type="submit" form={formId} loading={saving}>
            {user ? t('common.save') : t('common.create')}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={(e) => void handleSubmit(save)(e)} noValidate>
        <Stack gap="4">
          {error !== null && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{errorText.error(error)}</Alert.Title>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
            <Field.Root required invalid={!!fieldError('username')} disabled={!!user}>
              <Field.Label htmlFor={ids.username}>{t('form.username')}</Field.Label>
              <Input id={ids.username} autoComplete="off" value={state.username} onChange={(e) => set({ username: e.target.value })} />
              {fieldError('username') && <Field.ErrorText>{fieldError('username')}</Field.ErrorText>}
            </Field.Root>
            <Field.Root required invalid={!!fieldError('name')}>
              <Field.Label htmlFor={ids.name}>{t('form.name')}</Field.Label>
              <Input id={ids.name} value={state.name} onChange={(e) => set({ name: e.target.value })} />
              {fieldError('name') && <Field.ErrorText>{fieldError('name')}</Field.ErrorText>}
            </Field.Root>
            <Field.Root required={!user} invalid={!!fieldError('password')}>
              <Field.Label htmlFor={ids.password}>{user ? t('form.newPassword') : t('form.password')}</Field.Label>
              <Input
                id={ids.password}
                type="password"
                autoComplete="new-password"
                aria-describedby={ids.hint}
                placeholder={user ? t('form.keepPassword') : undefined}
                value={state.password}
                onChange={(e) => set({ password: e.target.value })}
              />
              {fieldError('password') && <Field.ErrorText>{fieldError('password')}</Field.ErrorText>}
              {(!user || state.password) && <PasswordHint id={ids.hint} password={state.password} username={state.username} />}
            </Field.Root>
            {provider && !user && (
              <Field.Root invalid={!!fields.network}>
                <Field.Label htmlFor={ids.network}>{t('form.network')}</Field.Label>
                <NativeSelect.Root>
                  <NativeSelect.Field id={ids.network} value={state.network} onChange={(e) => set({ network: e.target.value })}>
                    {!networks.some((n) => n.code === state.network) && <option value={state.network}>{me?.network?.name ?? state.network}</option>}
                    {networks.map((n) => (
                      <option key={n.code} value={n.code}>
                        {n.name}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
                {fieldError('network') && <Field.ErrorText>{fieldError('network')}</Field.ErrorText>}
              </Field.Root>
            )}
          </SimpleGrid>

          <HStack gap="8" align="flex-start" wrap="wrap">
            <Section legend={t('form.roles')} error={fieldError('roles')}>
              {assignable.map((role) => (
                <CheckField
                  key={role}
                  label={t(`roles.${role}`)}
                  checked={state.roles.includes(role)}
                  invalid={!!fields.roles}
                  onChange={(on) => set({ roles: toggle(state.roles, role, on) })}
                />
              ))}
            </Section>
            <Section legend={t('form.status')} error={fieldError('blocked')}>
              <CheckField label={t('form.blocked')} checked={state.blocked} onChange={(on) => set({ blocked: on })} />
            </Section>
          </HStack>

          <Box borderTopWidth="1px" pt="3">
            <Text fontWeight="semibold" mb="2">
              {t('form.rights')}
            </Text>
            <CheckField label={t('form.inherit')} checked={state.inherit} onChange={(on) => set({ inherit: on })} />
            {!state.inherit && (
              <Stack gap="4" mt="3">
                <HStack gap="8" align="flex-start" wrap="wrap">
                  <Section legend={t('form.access')} error={fieldError('access')}>
                    {ACCESS_AREAS.map((area) => (
                      <CheckField
                        key={area}
                        label={t(`access.${area}`)}
                        checked={state.access.includes(area)}
                        invalid={!!fields.access}
                        onChange={(on) => set({ access: toggle(state.access, area, on) })}
                      />
                    ))}
                  </Section>
                  <Section
                    legend={t('form.markets')}
                    error={fieldError('customMarkets') ?? fieldError('customMarketsSwitcher') ?? fieldError('showCustomEans')}
                  >
                    <CheckField label={t('form.customMarkets')} checked={state.customMarkets} onChange={(on) => set({ customMarkets: on })} />
                    <CheckField
                      label={t('form.customMarketsSwitcher')}
                      checked={state.customMarkets && state.customMarketsSwitcher}
                      disabled={!state.customMarkets}
                      onChange={(on) => set({ customMarketsSwitcher: on })}
                    />
                    <CheckField label={t('form.showCustomEans')} checked={state.showCustomEans} onChange={(on) => set({ showCustomEans: on })} />
                  </Section>
                </HStack>
                <Section legend={t('form.allowedNetworks')} error={fieldError('allowedNetworks')}>
                  {choices.loading && !choices.data && <Text fontSize="sm">{t('common.loading', { ns: 'translation' })}</Text>}
                  <SimpleGrid columns={{ base: 2, md: 3 }} gap="1">
                    {otherNetworks.map((n) => (
                      <CheckField
                        key={n.code}
                        label={n.name}
                        checked={state.allowedNetworks.includes(n.code)}
                        invalid={!!fields.allowedNetworks}
                        onChange={(on) => set({ allowedNetworks: toggle(state.allowedNetworks, n.code, on) })}
                      />
                    ))}
                  </SimpleGrid>
                </Section>
                <Section legend={t('form.storesMap')} error={fieldError('storesMap')}>
                  <Text fontSize="xs" color="fg.muted">
                    {t('form.storesMapHint')}
                  </Text>
                  {/* On a phone the shop's name goes above its field, whole: beside a field it kept a few letters. */}
                  <Box maxH={{ base: '72', sm: '48' }} overflowY="auto" borderWidth="1px" rounded="md" p="2">
                    {shops.map((s) => (
                      <Stack
                        key={s.code}
                        direction={{ base: 'column', sm: 'row' }}
                        align={{ base: 'stretch', sm: 'center' }}
                        gap={{ base: '0.5', sm: '2' }}
                        py={{ base: '1', sm: '0.5' }}
                      >
                        <chakra.label
                          htmlFor={`${ids.stores}-${s.code}`}
                          fontSize="sm"
                          flex="1"
                          minW="0"
                          overflow="hidden"
                          textOverflow="ellipsis"
                          whiteSpace={{ base: 'normal', sm: 'nowrap' }}
                          overflowWrap="anywhere"
                        >
                          {s.name} · {s.networkName}
                        </chakra.label>
                        <Input
                          id={`${ids.stores}-${s.code}`}
                          size="xs"
                          w={{ base: 'full', sm: '12rem' }}
                          aria-invalid={!!fields.storesMap || undefined}
                          placeholder={t('form.storesMapName')}
                          value={state.storesMap[s.code] ?? ''}
                          onChange={(e) => set({ storesMap: { ...state.storesMap, [s.code]: e.target.value } })}
                        />
                      </Stack>
                    ))}
                  </Box>
                </Section>
              </Stack>
            )}
          </Box>
        </Stack>
      </form>
    </Modal>
  );
}
