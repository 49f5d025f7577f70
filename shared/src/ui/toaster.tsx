import {
  Portal,
  Spinner,
  Stack,
  Toaster as ChakraToaster,
  ToastActionTrigger,
  ToastCloseTrigger,
  ToastDescription,
  ToastIndicator,
  ToastRoot,
  ToastTitle,
  createToaster,
} from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TOAST_PLACEMENT } from '../format/constants';

/** The one toaster: `toaster.create({ title, description, type })` from anywhere, host or remote. */
export const toaster = createToaster({ placement: TOAST_PLACEMENT, pauseOnPageIdle: true });

/** Renders the toasts; the host mounts it once inside UiProvider. (Chakra 3 ships only the parts.) */
export function Toaster() {
  // The region's and the close button's names (Zag's defaults are English): the shell's texts.
  const { t } = useTranslation();
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }} aria-label={t('toaster.label', { defaultValue: 'Notifications' })}>
        {(toast) => (
          <ToastRoot width={{ md: 'sm' }}>
            {toast.type === 'loading' ? <Spinner size="sm" color="brand.solid" /> : <ToastIndicator />}
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <ToastTitle>{toast.title}</ToastTitle>}
              {toast.description && <ToastDescription>{toast.description}</ToastDescription>}
            </Stack>
            {toast.action && <ToastActionTrigger>{toast.action.label}</ToastActionTrigger>}
            {toast.closable && <ToastCloseTrigger aria-label={t('toaster.close', { defaultValue: 'Dismiss notification' })} />}
          </ToastRoot>
        )}
      </ChakraToaster>
    </Portal>
  );
}
