export { loadDeployment, getDeployment, setDeployment, peekDeployment, DEPLOYMENT_PATH } from './deployment-config';
export { pickApiBase, getApiBase } from './api-base';
export { parseDeployment } from '../contract/deployment-check';
export { remoteTimeoutMs, DEFAULT_REMOTE_TIMEOUT_MS } from './remote-timeout';
export type { Deployment, Country, Language, RemoteName } from '../contract/deployment';
