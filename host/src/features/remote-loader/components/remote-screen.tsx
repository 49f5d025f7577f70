import { Suspense, useState } from 'react';
import { useTranslation } from '@pricewatch/shared/i18n';
import { ErrorState, LoadingState } from '@pricewatch/shared/ui';
import type { RemoteName } from '../../../lib/routes';
import { forgetRemoteScreen, lazyRemoteScreen, remoteId } from '../lib/lazy-remote';
import { RemoteErrorBoundary } from './remote-error-boundary';

/**
 * A route's screen from a remote (STYLE.md, second failure layer): Suspense with a translated loading
 * state, and an error boundary with a translated error and Retry — the menu, header and other screens
 * keep working while one remote is down.
 */
export function RemoteScreen({ remote, module }: { remote: RemoteName; module: string }) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const Screen = lazyRemoteScreen(remote, module);
  const retry = () => {
    forgetRemoteScreen(remote, module);
    setAttempt((n) => n + 1);
  };

  return (
    <RemoteErrorBoundary
      // A new key per screen and per attempt: the boundary forgets an old failure.
      key={`${remoteId(remote, module)}#${attempt}`}
      fallback={() => <ErrorState title={t('remote.errorTitle')} message={t('errors.remote_failed')} onRetry={retry} />}
    >
      <Suspense fallback={<LoadingState />}>
        <Screen />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
