import { useId, useState } from 'react';
import { Stack, chakra } from '@chakra-ui/react';
import { useTranslation } from '@pricewatch/shared/i18n';
import { ChevronIcon } from '../../../components/icons';
import { menuItemStyle } from '../../shell/components/menu-link';
import { VIDEOS, type Video } from '../videos';
import { VideoDialog } from './video-dialog';

/** Spec §2/§4: the collapsible "video instructions" menu list; the open video's item is highlighted. */
export function VideoInstructions() {
  const { t } = useTranslation();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  const [selected, setSelected] = useState<Video | null>(null);

  return (
    <>
      <chakra.button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((v) => !v)}
        cursor="pointer"
        justifyContent="space-between"
        {...menuItemStyle}
      >
        {t('menu.videoInstructions')}
        <ChevronIcon open={expanded} />
      </chakra.button>
      {expanded && (
        <Stack as="ul" id={listId} gap="0.5" pl="3" listStyleType="none" data-testid="video-list">
          {VIDEOS.map((video) => {
            const isSelected = selected?.key === video.key;
            return (
              <li key={video.key}>
                <chakra.button
                  type="button"
                  onClick={() => setSelected(video)}
                  aria-current={isSelected ? 'true' : undefined}
                  data-selected={isSelected || undefined}
                  cursor="pointer"
                  textAlign="start"
                  {...menuItemStyle}
                  py="1.5"
                  fontSize="xs"
                  {...(isSelected ? { bg: 'blue.600', color: 'white' } : {})}
                >
                  {t(video.titleKey)}
                </chakra.button>
              </li>
            );
          })}
        </Stack>
      )}
      <VideoDialog video={selected} onClose={() => setSelected(null)} />
    </>
  );
}
