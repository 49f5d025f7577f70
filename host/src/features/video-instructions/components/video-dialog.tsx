import { useEffect, useState } from 'react';
import { Button, CloseButton, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import { getDeployment } from '@pricewatch/shared/deployment';
import { videoDialogSize, videoLanguage } from '@pricewatch/shared/format';
import { useTranslation } from '@pricewatch/shared/i18n';
import { useWindowWidth } from '../use-window-width';
import { videoEmbedUrl, type Video } from '../videos';

/**
 * Spec §2: the video in a dialog sized from the window (80% wide, 1200px past 1500px; height half the
 * width plus 120), in the video language of the country and UI language. A cross-origin frame that
 * cannot load tells the page nothing (its load event fires on the browser's error page too), so the
 * player's address is probed first (no-cors: reachable or not is all it learns); unreachable or
 * offline, the dialog says so with Retry instead of an empty frame.
 */
export function VideoDialog({ video, onClose }: { video: Video | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const windowWidth = useWindowWidth(video !== null);
  const { width, height } = videoDialogSize(windowWidth);
  const lang = videoLanguage(getDeployment().country, i18n.resolvedLanguage ?? i18n.language);
  const src = video ? videoEmbedUrl(video.youtube[lang]) : null;
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    setFailed(false);
    if (!src) return;
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      setFailed(true);
      return;
    }
    if (typeof fetch !== 'function') return;
    let live = true;
    fetch(src, { mode: 'no-cors', cache: 'no-store', credentials: 'omit' }).catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [src, attempt]);

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
                  {failed ? (
                    <Stack role="alert" p="6" gap="3" align="flex-start">
                      <Text fontWeight="medium">{t('videoDialog.unavailable')}</Text>
                      <Text color="fg.muted">{t('videoDialog.unavailableHelp')}</Text>
                      <Button size="sm" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
                        {t('common.retry')}
                      </Button>
                    </Stack>
                  ) : (
                    <iframe
                      src={src ?? undefined}
                      title={t(video.titleKey)}
                      loading="lazy"
                      width="100%"
                      height="100%"
                      style={{ border: 0, display: 'block' }}
                      allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
                      referrerPolicy="strict-origin-when-cross-origin"
                      allowFullScreen
                    />
                  )}
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
