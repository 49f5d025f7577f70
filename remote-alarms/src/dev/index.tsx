// Development only: runs this remote's screens alone, inside the same shared providers as the host.
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { loadDeployment } from '@pricewatch/shared/deployment';
import { initI18n } from '@pricewatch/shared/i18n';
import { Toaster, UiProvider } from '@pricewatch/shared/ui';
import { DevApp, type DevScreen } from '@pricewatch/shared/dev';
import AlarmsScreen from '../screens/alarms-screen';

const screens: DevScreen[] = [{ path: 'alarms', labelKey: 'areas.alarms.title', Component: AlarmsScreen }];

async function start() {
  const deployment = await loadDeployment();
  await initI18n({ languages: deployment.languages, defaultLanguage: deployment.defaultLanguage });
  createRoot(document.getElementById('root')!).render(
    <BrowserRouter>
      <UiProvider>
        <DevApp screens={screens} />
        <Toaster />
      </UiProvider>
    </BrowserRouter>,
  );
}

void start();
