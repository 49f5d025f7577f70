// Development only: runs this remote's screens alone, inside the same shared providers as the host.
import { startDevApp } from '@pricewatch/shared/dev';
import NetworkUsersScreen from '../screens/network-users-screen';

void startDevApp([{ path: 'network-users', labelKey: 'areas.networkUsers.title', Component: NetworkUsersScreen }]);
