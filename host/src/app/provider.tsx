import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';

/**
 * Browser-only providers of the whole app; tests use renderWithProviders from shared instead. Chakra's
 * provider is not here: it comes with the signed-in app (signed-in-app.tsx), after the login form.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return <BrowserRouter>{children}</BrowserRouter>;
}
