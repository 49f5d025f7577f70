import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Button, Field, Grid, HStack, Input, Link, Stack, Tabs, Text, chakra } from '@chakra-ui/react';
import { zodResolver } from '@hookform/resolvers/zod';
import { isApiError } from '@pricewatch/shared/api';
import { useApi, useCatalogue } from '@pricewatch/shared/query';
import { selectUser, useAuthStore } from '@pricewatch/shared/auth';
import {
  EXTRACTION_STRATEGIES,
  PARSER_FETCH_MODES,
  parserCreateBodySchema,
  parserUpdateBodySchema,
  type ParserDetail,
  type Shop,
} from '@pricewatch/shared/contract';
import { getDeployment } from '@pricewatch/shared/deployment';
import { isNetworkUser, mayEditParsers } from '@pricewatch/shared/permissions';
import { EmptyState, ErrorState, LoadingState, toaster } from '@pricewatch/shared/ui';
import { FormProvider, useForm, useWatch, type FieldPath, type Resolver } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import { useErrorText } from '../../../lib/error-text';
import { useParsersTranslation } from '../../../lib/i18n';
import { scheduleInWords } from '../../../lib/schedule-words';
import { createParser, getParser, updateParser } from '../api/editor';
import { cleanDefinition, NEW_PARSER, valuesOf, type EditorValues } from './definition';
import { DefinitionJson } from './definition-json';
import { CheckField, LinesField, SelectField, TextField, useFieldErrorText } from './fields';
import { ShopPicker } from './shop-picker';
import { TryPanel } from './try-panel';

/** The editor's sub-screen, /parsers?edit=new or /parsers?edit={id}: loads what it needs, then the form. */
export function ParserEditor({ id, backTo, onSaved }: { id: string; backTo: string; onSaved: (p: ParserDetail) => void }) {
  const { t } = useParsersTranslation();
  const errorText = useErrorText();
  const user = useAuthStore(selectUser);
  const isNew = id === 'new';
  const parser = useApi(isNew ? null : `parser-${id}`, () => getParser(id));
  // A chain's user adds parsers of its own shops only; the provider's staff of any shop they see.
  const ownNetwork = isNetworkUser(user) ? user?.network?.code : undefined;
  // The session's shops (GET /shops, shared by every remote), not a list of the editor's own.
  const visibleShops = useCatalogue('shops');
  const shops = useMemo(() => (ownNetwork ? visibleShops.data?.filter((s) => s.network === ownNetwork) : visibleShops.data), [visibleShops.data, ownNetwork]);
  const failed = parser.error ?? visibleShops.error;
  return (
    <Stack gap="4" mt="2">
      <Link asChild alignSelf="start" fontSize="sm" colorPalette="blue">
        <RouterLink to={backTo}>← {t('editor.back')}</RouterLink>
      </Link>
      {failed ? (
        <ErrorState
          title={t('editor.loadFailed')}
          message={errorText(failed)}
          onRetry={() => {
            parser.reload();
            visibleShops.reload();
          }}
        />
      ) : (!isNew && !parser.data) || !shops ? (
        <LoadingState label={t('loading')} />
      ) : !mayEditParsers(user, isNew ? undefined : parser.data!.network) ? (
        <EmptyState title={t('editor.notAllowed')} />
      ) : (
        <EditorForm key={id} parser={isNew ? null : parser.data!} shops={shops} onSaved={onSaved} backTo={backTo} />
      )}
    </Stack>
  );
}

function EditorForm({ parser, shops, onSaved, backTo }: { parser: ParserDetail | null; shops: Shop[]; onSaved: (p: ParserDetail) => void; backTo: string }) {
  const { t, i18n } = useParsersTranslation();
  const errorText = useErrorText();
  const fieldErrorText = useFieldErrorText();
  const isNew = parser === null;
  // The contract's own schemas check the form (a new parser names its shop; an edit keeps it), on the
  // definition as it will be sent: emptied inputs left out so the defaults apply.
  const schema = isNew ? parserCreateBodySchema : parserUpdateBodySchema.required();
  const zod = zodResolver(schema as never) as unknown as Resolver<EditorValues>;
  const resolver: Resolver<EditorValues> = (values, context, options) => zod({ ...values, definition: cleanDefinition(values.definition) }, context, options);
  const form = useForm<EditorValues>({ defaultValues: parser ? valuesOf(parser) : NEW_PARSER, resolver, mode: 'onSubmit', reValidateMode: 'onChange' });
  const [failure, setFailure] = useState<{ text: string; fields: string[] } | null>(null);
  const schedule = useWatch({ control: form.control, name: 'schedule' });
  const shop = parser?.shopId ? shops.find((s) => s._id === parser.shopId) : undefined;
  const { timeZone } = getDeployment();

  // What the user wrote is sent (the schema's output would write every default into the definition).
  const save = form.handleSubmit(async () => {
    const values = form.getValues();
    setFailure(null);
    const body = {
      code: values.code.trim(),
      name: values.name.trim(),
      schedule: values.schedule.trim(),
      enabled: values.enabled,
      definition: cleanDefinition(values.definition),
    };
    try {
      const saved = isNew ? await createParser({ ...body, shopId: values.shopId } as never) : await updateParser(parser._id, body as never);
      toaster.create({ type: 'success', title: t('editor.saved', { name: saved.name }) });
      onSaved(saved);
    } catch (err) {
      // A 400 names its fields: each shows its error where it is; the alert lists them too.
      const fields = isApiError(err) ? (err.fields ?? []) : [];
      for (const f of fields) form.setError(f.path as FieldPath<EditorValues>, { type: 'server', message: f.message });
      setFailure({
        text: fields.length ? t('editor.rejected') : errorText(err),
        fields: fields.map((f) => `${fieldName(f.path)}: ${fieldErrorText({ message: f.message, type: 'server' })}`),
      });
    }
  });

  const fieldName = (path: string) => {
    const key = path.replace(/^definition\./, '').replace(/\.\d+$/, '');
    // A group's own error (selectors required) is named by the group's title.
    return t(`editor.fields.${['selectors', 'listing', 'priceFormat'].includes(key) ? `${key}.title` : key}`, { defaultValue: path });
  };
  const selectorsError = form.formState.errors.definition as { selectors?: { message?: string; type?: string } } | undefined;
  const words = schedule && /^\S+ \S+ \* \* \*$/.test(schedule.trim()) ? scheduleInWords(schedule, i18n.language, timeZone) : null;

  return (
    <FormProvider {...form}>
      <Text as="h2" fontSize="xl" fontWeight="semibold">
        {isNew ? t('editor.newTitle') : t('editor.editTitle', { name: parser.name })}
      </Text>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) minmax(0, 1fr)' }} gap="6" alignItems="start">
        <chakra.form
          display="flex"
          flexDirection="column"
          gap="5"
          noValidate
          onSubmit={(e) => void save(e)}
          aria-label={isNew ? t('editor.newTitle') : t('editor.editTitle', { name: parser.name })}
        >
          <Section title={t('editor.sections.parser')}>
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
              <TextField name="code" label={t('editor.fields.code')} help={t('editor.help.code')} mono required />
              <TextField name="name" label={t('editor.fields.name')} required />
            </Grid>
            {isNew ? (
              <ShopPicker shops={shops} />
            ) : (
              <Field.Root>
                <Field.Label>{t('editor.fields.shop')}</Field.Label>
                <Input size="sm" readOnly value={shop ? `${shop.networkName} · ${shop.name}` : (parser.shopId ?? '—')} />
                <Field.HelperText>{t('editor.help.shopFixed')}</Field.HelperText>
              </Field.Root>
            )}
            <TextField
              name="schedule"
              label={t('editor.fields.schedule')}
              mono
              help={words ? t('editor.help.scheduleWords', { words }) : t('editor.help.schedule')}
              required
            />
            <CheckField name="enabled" label={t('editor.fields.enabled')} unset />
          </Section>

          <Section title={t('editor.sections.definition')}>
            <Tabs.Root defaultValue="fields" variant="enclosed" size="sm" lazyMount unmountOnExit>
              <Tabs.List>
                <Tabs.Trigger value="fields">{t('editor.tabs.fields')}</Tabs.Trigger>
                <Tabs.Trigger value="json">{t('editor.tabs.json')}</Tabs.Trigger>
              </Tabs.List>
              <Tabs.Content value="fields">
                <Stack gap="4">
                  <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
                    <SelectField
                      name="definition.fetch"
                      label={t('editor.fields.fetch')}
                      options={PARSER_FETCH_MODES.map((m) => ({ value: m, label: t(`editor.fetchModes.${m}`) }))}
                    />
                    <TextField name="definition.waitFor" label={t('editor.fields.waitFor')} help={t('editor.help.waitFor')} mono />
                    <SelectField
                      name="definition.strategy"
                      label={t('editor.fields.strategy')}
                      options={EXTRACTION_STRATEGIES.map((s) => ({ value: s, label: t(`strategies.${s}`) }))}
                      help={t('editor.help.strategy')}
                    />
                  </Grid>
                  <LinesField name="definition.productUrls" label={t('editor.fields.productUrls')} help={t('editor.help.productUrls')} />
                  <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
                    <TextField name="definition.listing.url" type="url" label={t('editor.fields.listing.url')} help={t('editor.help.listing')} />
                    <TextField name="definition.listing.linkSelector" label={t('editor.fields.listing.linkSelector')} mono />
                  </Grid>
                  <Stack gap="2" role="group" aria-labelledby="selectors-title">
                    <Text id="selectors-title" fontWeight="medium">
                      {t('editor.fields.selectors.title')}
                    </Text>
                    <Text fontSize="sm" color="fg.muted">
                      {t('editor.help.selectors')}
                    </Text>
                    {selectorsError?.selectors?.message && (
                      <Text fontSize="sm" color="fg.error" role="alert">
                        {fieldErrorText(selectorsError.selectors)}
                      </Text>
                    )}
                    <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
                      {(['price', 'oldPrice', 'name', 'ean', 'outOfStock'] as const).map((f) => (
                        <TextField key={f} name={`definition.selectors.${f}`} label={t(`editor.fields.selectors.${f}`)} mono />
                      ))}
                    </Grid>
                  </Stack>
                  <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="3">
                    <SelectField
                      name="definition.priceFormat.decimal"
                      label={t('editor.fields.priceFormat.decimal')}
                      options={[
                        { value: '', label: t('editor.priceFormat.auto') },
                        { value: ',', label: t('editor.priceFormat.comma') },
                        { value: '.', label: t('editor.priceFormat.dot') },
                      ]}
                    />
                    <SelectField
                      name="definition.priceFormat.thousands"
                      label={t('editor.fields.priceFormat.thousands')}
                      options={[
                        { value: '', label: t('editor.priceFormat.none') },
                        { value: ' ', label: t('editor.priceFormat.space') },
                        { value: '.', label: t('editor.priceFormat.dot') },
                        { value: ',', label: t('editor.priceFormat.comma') },
                        { value: "'", label: t('editor.priceFormat.apostrophe') },
                      ]}
                    />
                  </Grid>
                  <Text fontWeight="medium">{t('editor.sections.politeness')}</Text>
                  <Grid templateColumns={{ base: '1fr', md: '1fr 1fr 1fr' }} gap="3">
                    <TextField name="definition.rateLimitPerSecond" type="number" label={t('editor.fields.rateLimitPerSecond')} placeholder="2" />
                    <TextField name="definition.concurrency" type="number" label={t('editor.fields.concurrency')} placeholder="2" />
                    <TextField name="definition.timeoutSeconds" type="number" label={t('editor.fields.timeoutSeconds')} placeholder="20" />
                  </Grid>
                  <CheckField name="definition.respectRobotsTxt" label={t('editor.fields.respectRobotsTxt')} unset />
                </Stack>
              </Tabs.Content>
              <Tabs.Content value="json">
                <DefinitionJson />
              </Tabs.Content>
            </Tabs.Root>
          </Section>

          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{failure.text}</Alert.Title>
                {failure.fields.length > 0 && <Alert.Description>{failure.fields.join('; ')}</Alert.Description>}
              </Alert.Content>
            </Alert.Root>
          )}
          {Object.keys(form.formState.errors).length > 0 && !failure && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {t('editor.invalid')}
            </Text>
          )}
          <HStack gap="2">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {isNew ? t('editor.create') : t('editor.save')}
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={backTo}>{t('editor.cancel')}</RouterLink>
            </Button>
          </HStack>
        </chakra.form>
        <TryPanel />
      </Grid>
    </FormProvider>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p="4" minW="0">
      <Text as="legend" px="1" fontWeight="semibold">
        {title}
      </Text>
      <Stack gap="3">{children}</Stack>
    </Box>
  );
}
