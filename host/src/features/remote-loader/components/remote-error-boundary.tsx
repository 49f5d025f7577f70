import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = { fallback: (error: Error) => ReactNode; children: ReactNode };
type State = { error: Error | null };

/** Catches a remote that failed to load or render, so only its area shows the failure. */
export class RemoteErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('[pricewatch] remote screen failed', error, info.componentStack);
  }

  render() {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}
