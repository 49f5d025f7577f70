export { loadDeployment, getDeployment, setDeployment, peekDeployment } from './deployment-config';
export { pickApiBase, getApiBase } from './api-base';
export { remoteTimeoutMs } from './remote-timeout';
export type { Deployment, Country, Language, RemoteName } from '../contract/deployment';
