import { ErrorState } from '@pricewatch/shared/ui';
import { useErrorText } from '../lib/error-text';

/** A call that failed: its translated message and a Retry. */
export function LoadError({ title, error, onRetry }: { title: string; error: unknown; onRetry?: () => void }) {
  const errorText = useErrorText();
  return <ErrorState title={title} message={errorText(error)} onRetry={onRetry} />;
}
