import { CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { getDeployment } from '@pricewatch/shared/deployment';
import { videoDialogSize, videoLanguage } from '@pricewatch/shared/format';
import { useTranslation } from '@pricewatch/shared/i18n';
import { useWindowWidth } from '../use-window-width';
import { videoEmbedUrl, type Video } from '../videos';

/**
 * Spec §2: the video in a dialog sized from the window (80% wide, 1200px past 1500px; height half the
 * width plus 120), in the video language of the country and UI language. Offline, the player fails
 * inside its frame only.
 */
export function VideoDialog({ video, onClose }: { video: Video | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const windowWidth = useWindowWidth(video !== null);
  const { width, height } = videoDialogSize(windowWidth);
  const lang = videoLanguage(getDeployment().country, i18n.resolvedLanguage ?? i18n.language);

  return (
    <Dialog.Root open={video !== null} onOpenChange={(e) => !e.open && onClose()} placement="center" lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="video-dialog" maxW="none" style={{ width, height }} display="flex" flexDirection="column">
            {video && (
              <>
                <Dialog.Header>
                  <Dialog.Title>{t(video.titleKey)}</Dialog.Title>
                </Dialog.Header>
                <Dialog.Body flex="1" p="0" overflow="hidden">
                  <iframe
                    src={videoEmbedUrl(video.youtube[lang])}
                    title={t(video.titleKey)}
                    loading="lazy"
                    width="100%"
                    height="100%"
                    style={{ border: 0, display: 'block' }}
                    allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
                    referrerPolicy="strict-origin-when-cross-origin"
                    allowFullScreen
                  />
                </Dialog.Body>
                <Dialog.CloseTrigger asChild>
                  <CloseButton size="sm" aria-label={t('common.close')} />
                </Dialog.CloseTrigger>
              </>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
