// Entry. experiments.asyncStartup makes webpack wait for the shared scope before this module runs,
// so React and the shared singletons can be imported at the top without a bootstrap file.
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { App } from './app/app';
import { StartupFailure } from './app/startup-failure';
import { startHost } from './app/start-host';

const root = createRoot(document.getElementById('root')!);

startHost().then(
  () =>
    root.render(
      <AppProvider>
        <App />
      </AppProvider>,
    ),
  (error: unknown) => {
    console.error('[pricewatch] start-up failed', error);
    root.render(<StartupFailure />);
  },
);
