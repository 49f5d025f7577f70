import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { Toaster, UiProvider } from '@pricewatch/shared/ui';

/** Browser-only providers; tests use renderWithProviders from shared instead. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <BrowserRouter>
      <UiProvider>
        {children}
        <Toaster />
      </UiProvider>
    </BrowserRouter>
  );
}
