import { useRef, useState } from 'react';
import { Box, Image, Progress, Stack, Text, chakra } from '@chakra-ui/react';
import type { LeafletPage } from '@pricewatch/shared/contract';
import { FileField } from '@pricewatch/shared/ui';
import { uploadLeafletPage } from '../api/leaflets';
import { useErrorText } from '../../../lib/error-text';
import { useLeafletsTranslation } from '../../../lib/i18n';
import { useImageUrl } from '../api/image-url';

type Refused = { name: string; reason: string };

/**
 * The left strip: the leaflet's pages as thumbnails (lazy), the selected one outlined, and "Add pages":
 * the chosen files go up one by one (POST /leaflets/save-image) with "2 of 5" progress; a refused file
 * is listed with its reason and the others continue.
 */
export function PageStrip({
  leafletId,
  pages,
  selectedId,
  onSelect,
  canWrite,
  onUploaded,
}: {
  leafletId: string;
  pages: LeafletPage[];
  selectedId: string | null;
  onSelect: (pageId: string) => void;
  canWrite: boolean;
  onUploaded: (last: LeafletPage | null) => void;
}) {
  const { t } = useLeafletsTranslation();
  const { errorText } = useErrorText();
  const url = useImageUrl();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [refused, setRefused] = useState<Refused[]>([]);

  const upload = async (files: File[]) => {
    if (!files.length) return;
    setRefused([]);
    const problems: Refused[] = [];
    let last: LeafletPage | null = null;
    for (let i = 0; i < files.length; i++) {
      setProgress({ done: i, total: files.length });
      try {
        last = await uploadLeafletPage(leafletId, files[i]!, files[i]!.name);
      } catch (error) {
        problems.push({ name: files[i]!.name, reason: errorText(error) });
        setRefused([...problems]);
      }
    }
    setProgress(null);
    if (input.current) input.current.value = '';
    onUploaded(last);
  };

  return (
    // A column beside the picture; a row of thumbnails above it where the picture needs the width (below lg).
    <Stack
      as="nav"
      aria-label={t('leaflet.pages')}
      gap="2"
      direction={{ base: 'row', lg: 'column' }}
      w={{ base: 'full', lg: '132px' }}
      flexShrink={0}
      overflowX={{ base: 'auto', lg: 'hidden' }}
      overflowY={{ base: 'hidden', lg: 'auto' }}
      p="2"
      borderRightWidth={{ lg: '1px' }}
      borderBottomWidth={{ base: '1px', lg: '0' }}
      bg="bg.subtle"
    >
      {canWrite && (
        <Box flexShrink={0} w={{ base: '112px', lg: 'auto' }}>
          <FileField
            inputRef={input}
            id="leaflet-add-pages"
            multiple
            accept="image/png,image/jpeg,image/webp"
            aria-label={t('leaflet.addPages')}
            buttonText={t('leaflet.addPages')}
            showName={false}
            size="xs"
            width="full"
            disabled={!!progress}
            onChange={(files) => void upload(files)}
          />
          {progress && (
            <Box mt="2" data-testid="upload-progress">
              <Progress.Root size="xs" value={(progress.done / progress.total) * 100} aria-label={t('leaflet.uploading')}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Text fontSize="xs" mt="1" aria-live="polite">
                {t('leaflet.uploadProgress', { current: progress.done + 1, total: progress.total })}
              </Text>
            </Box>
          )}
          {refused.length > 0 && (
            <Stack gap="1" mt="2" data-testid="upload-refused" role="alert">
              {refused.map((r, i) => (
                <Text key={i} fontSize="xs" color="fg.error" wordBreak="break-word">
                  {t('leaflet.refusedFile', { name: r.name, reason: r.reason })}
                </Text>
              ))}
            </Stack>
          )}
        </Box>
      )}
      {pages.length === 0 && (
        <Text fontSize="xs" color="fg.muted">
          {t('leaflet.noPages')}
        </Text>
      )}
      {pages.map((page) => (
        <chakra.button
          key={page._id}
          type="button"
          onClick={() => onSelect(page._id)}
          aria-current={page._id === selectedId ? 'page' : undefined}
          aria-label={t('leaflet.pageN', { n: page.pageNo })}
          borderWidth="2px"
          borderColor={page._id === selectedId ? 'blue.500' : 'transparent'}
          rounded="sm"
          p="0.5"
          bg="bg"
          textAlign="center"
          cursor="pointer"
          flexShrink={0}
          w={{ base: '88px', lg: 'auto' }}
        >
          <Image src={url(page.name, 'thumb')} alt={t('leaflet.pageN', { n: page.pageNo })} loading="lazy" width="100%" />
          <Text fontSize="xs" color="fg.muted">
            {page.pageNo}
            {page.priceCount > 0 ? ` · ${t('leaflet.pricesShort', { count: page.priceCount })}` : ''}
          </Text>
        </chakra.button>
      ))}
    </Stack>
  );
}
