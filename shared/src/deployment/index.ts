export { loadDeployment, getDeployment, setDeployment, peekDeployment, DEPLOYMENT_PATH } from './deployment-config';
export { pickApiBase, getApiBase } from './api-base';
export type { Deployment, Country, Language, RemoteName } from '../contract/deployment';
