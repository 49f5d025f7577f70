import type { ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { renderWithProviders, type RenderWithProvidersOptions } from '@pricewatch/shared/testing';
import en from '../../public/assets/i18n/en.json';

/** The shell's real English translations, fresh per render (the test i18n keeps and reuses the object). */
export const shellResources = () => ({ en: { translation: structuredClone(en) } });

/** Shows where the router is: path, query and navigation state. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <div data-testid="location" data-state={JSON.stringify(location.state ?? null)}>
      {location.pathname}
      {location.search}
    </div>
  );
}

/** Renders `ui` at `route` with the shell's translations; every other path shows the LocationProbe. */
export function renderAt(ui: ReactElement, uiPath: string, options: RenderWithProvidersOptions = {}) {
  return renderWithProviders(
    <Routes>
      <Route path={uiPath} element={ui} />
      <Route path="*" element={<LocationProbe />} />
    </Routes>,
    { resources: shellResources(), ...options },
  );
}

/** Renders children with the shell's translations (and a probe beside them). */
export function renderWithShell(ui: ReactElement, options: RenderWithProvidersOptions = {}) {
  return renderWithProviders(
    <>
      {ui}
      <LocationProbe />
    </>,
    { resources: shellResources(), ...options },
  );
}
