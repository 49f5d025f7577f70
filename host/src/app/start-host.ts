import { loadDeployment, type Deployment } from '@pricewatch/shared/deployment';
import { initI18n } from '@pricewatch/shared/i18n';
import { registerDeploymentRemotes } from './federation/register-remotes';
import { setFavicon } from './set-favicon';

/** Everything the shell needs before its first render: deployment, translations, remotes. */
export async function startHost(): Promise<Deployment> {
  const deployment = await loadDeployment();
  setFavicon(deployment.favicon);
  registerDeploymentRemotes(deployment.remotes);
  await initI18n({ languages: deployment.languages, defaultLanguage: deployment.defaultLanguage });
  return deployment;
}
