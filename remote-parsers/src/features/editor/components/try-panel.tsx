import { useState, type MouseEvent } from 'react';
import { Alert, Box, Button, DataList, Field, HStack, Input, Spinner, Stack, Text, Wrap } from '@chakra-ui/react';
import { PARSER_TRY_FIELDS, type PageBox, type ParserTryField, type ParserTryResult } from '@pricewatch/shared/contract';
import { useFormContext } from 'react-hook-form';
import { useErrorText } from '../../../lib/error-text';
import { useParsersTranslation } from '../../../lib/i18n';
import { tryParser } from '../api/editor';
import { cleanDefinition, type EditorValues } from './definition';

const FOUND_COLORS: Record<ParserTryField, string> = {
  price: '#c05621',
  oldPrice: '#6b46c1',
  name: '#2b6cb0',
  ean: '#2f855a',
  outOfStock: '#c53030',
};

type Element = ParserTryResult['elements'][number];

/** The smallest element whose box holds the point (a click picks the innermost text, not its container). */
function elementAt(elements: Element[], x: number, y: number): Element | null {
  let best: Element | null = null;
  for (const e of elements) {
    const b = e.box;
    if (x < b.x || y < b.y || x > b.x + b.width || y > b.y + b.height) continue;
    if (!best || b.width * b.height < best.box.width * best.box.height) best = e;
  }
  return best;
}

/** A box as shares of the screenshot: it scales with the picture at any width. */
const place = (b: PageBox, w: number, h: number) => ({
  left: `${(b.x / w) * 100}%`,
  top: `${(b.y / h) * 100}%`,
  width: `${(b.width / w) * 100}%`,
  height: `${(b.height / h) * 100}%`,
});

/**
 * "Try on a URL": the form's current (unsaved) definition run on one page; what was read or the problem,
 * and the page's screenshot with the boxes of the values found. A click on the screenshot picks the
 * smallest element there and offers it as one of the selectors.
 */
export function TryPanel() {
  const { t } = useParsersTranslation();
  const errorText = useErrorText();
  const { getValues, setValue, watch } = useFormContext<EditorValues>();
  const shopId = watch('shopId');
  const [url, setUrl] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<ParserTryResult | null>(null);
  const [picked, setPicked] = useState<Element | null>(null);
  const [used, setUsed] = useState<{ field: ParserTryField; selector: string } | null>(null);

  const run = async () => {
    setBusy(true);
    setError(null);
    setPicked(null);
    setUsed(null);
    try {
      setResult(await tryParser({ url: url.trim(), shopId, definition: cleanDefinition(getValues('definition')) as never }));
    } catch (err) {
      setResult(null);
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  const onPick = (event: MouseEvent<HTMLDivElement>) => {
    if (!result?.screenshot) return;
    const rect = event.currentTarget.getBoundingClientRect();
    // The picture is shown scaled: back to its own pixels.
    const scale = rect.width ? result.screenshot.width / rect.width : 1;
    setPicked(elementAt(result.elements, (event.clientX - rect.left) * scale, (event.clientY - rect.top) * scale));
    setUsed(null);
  };

  const use = (field: ParserTryField) => {
    if (!picked) return;
    setValue(`definition.selectors.${field}` as 'definition', picked.selector as never, { shouldDirty: true, shouldValidate: true });
    setUsed({ field, selector: picked.selector });
  };
  const strategy = (watch('definition.strategy') as string | undefined) ?? 'auto';

  const offer = result?.offer;
  const value = (v: string | number | null | undefined) => (v === null || v === undefined || v === '' ? '—' : String(v));
  const shot = result?.screenshot;
  return (
    <Stack gap="3" borderWidth="1px" borderRadius="md" p="4" as="section" aria-labelledby="try-title">
      <Text id="try-title" fontWeight="semibold" fontSize="lg">
        {t('editor.try.title')}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {t('editor.try.help')}
      </Text>
      <HStack align="end" gap="2" wrap="wrap">
        <Field.Root flex="1" minW="12rem">
          <Field.Label>{t('editor.try.url')}</Field.Label>
          <Input size="sm" type="url" value={url} placeholder="https://" onChange={(e) => setUrl(e.currentTarget.value)} />
        </Field.Root>
        <Button size="sm" onClick={() => void run()} disabled={!url.trim() || !shopId || busy}>
          {t('editor.try.run')}
        </Button>
      </HStack>
      {!shopId && (
        <Text fontSize="sm" color="fg.muted">
          {t('editor.try.needShop')}
        </Text>
      )}
      {busy && (
        <HStack role="status" gap="2">
          <Spinner size="sm" />
          <Text fontSize="sm">{t('editor.try.running')}</Text>
        </HStack>
      )}
      {error !== null && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorText(error)}</Alert.Title>
        </Alert.Root>
      )}
      {offer && !busy && (
        <Stack gap="3" aria-label={t('editor.try.result')} role="region">
          {offer.problem && (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t(`problemKinds.${offer.problem.kind}`, { defaultValue: offer.problem.kind })}</Alert.Title>
                <Alert.Description wordBreak="break-word">{offer.problem.message}</Alert.Description>
              </Alert.Content>
            </Alert.Root>
          )}
          <DataList.Root orientation="horizontal" size="sm">
            {(
              [
                ['name', value(offer.name)],
                ['ean', value(offer.ean)],
                ['price', offer.price === null ? '—' : `${offer.price}${offer.currency ? ` ${offer.currency}` : ''}`],
                ['oldPrice', value(offer.oldPrice)],
                ['stock', offer.inStock === null ? '—' : t(offer.inStock ? 'editor.try.inStock' : 'editor.try.outOfStock')],
                ['strategy', offer.strategy ? t(`strategies.${offer.strategy}`, { defaultValue: offer.strategy }) : '—'],
              ] as const
            ).map(([key, v]) => (
              <DataList.Item key={key}>
                <DataList.ItemLabel>{t(`editor.try.read.${key}`)}</DataList.ItemLabel>
                <DataList.ItemValue wordBreak="break-word">{v}</DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList.Root>
        </Stack>
      )}
      {shot && !busy && (
        <Stack gap="2">
          <Text fontSize="sm" color="fg.muted">
            {t('editor.try.clickHelp')}
          </Text>
          <Box
            position="relative"
            width="100%"
            maxW={`${shot.width}px`}
            borderWidth="1px"
            cursor="crosshair"
            onClick={onPick}
            data-testid="try-screenshot"
            lineHeight="0"
          >
            <img src={shot.dataUrl} alt={t('editor.try.screenshot', { url: result!.url })} style={{ width: '100%', height: 'auto', display: 'block' }} />
            {result!.found.map((f, i) => (
              <Box
                key={`${f.field}-${i}`}
                position="absolute"
                pointerEvents="none"
                style={{ ...place(f.box, shot.width, shot.height), outline: `2px solid ${FOUND_COLORS[f.field]}` }}
                data-field={f.field}
              >
                <Text
                  as="span"
                  position="absolute"
                  bottom="100%"
                  left="0"
                  fontSize="xs"
                  lineHeight="1.2"
                  px="1"
                  color="white"
                  whiteSpace="nowrap"
                  style={{ background: FOUND_COLORS[f.field] }}
                >
                  {t(`editor.fields.selectors.${f.field}`)}
                </Text>
              </Box>
            ))}
            {picked && (
              <Box
                position="absolute"
                pointerEvents="none"
                style={{ ...place(picked.box, shot.width, shot.height), outline: '2px dashed #1a202c', background: 'rgba(49,130,206,0.15)' }}
              />
            )}
          </Box>
          {picked && (
            <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" role="group" aria-label={t('editor.try.picked')}>
              <Text fontSize="sm">
                {t('editor.try.pickedText', { text: picked.text.slice(0, 80) })} <code>{picked.selector}</code>
              </Text>
              <Wrap gap="2" align="center">
                <Text fontSize="sm">{t('editor.try.useAs')}</Text>
                {PARSER_TRY_FIELDS.map((field) => (
                  <Button key={field} size="xs" variant="outline" onClick={() => use(field)}>
                    {t(`editor.fields.selectors.${field}`)}
                  </Button>
                ))}
              </Wrap>
              {used && (
                <Text fontSize="sm" role="status">
                  {t('editor.try.used', { field: t(`editor.fields.selectors.${used.field}`), selector: used.selector })}
                </Text>
              )}
              {used && strategy !== 'selectors' && (
                <HStack gap="2" wrap="wrap">
                  <Text fontSize="sm">{t('editor.try.switchQuestion', { strategy: t(`strategies.${strategy}`, { defaultValue: strategy }) })}</Text>
                  <Button size="xs" onClick={() => setValue('definition.strategy', 'selectors', { shouldDirty: true, shouldValidate: true })}>
                    {t('editor.try.switch')}
                  </Button>
                </HStack>
              )}
            </Stack>
          )}
        </Stack>
      )}
    </Stack>
  );
}
