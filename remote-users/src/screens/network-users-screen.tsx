import { NetworkUsers } from '../features/network-users/components/network-users';

/** Exposed as ./NetworkUsers (route /network-users). */
export default function NetworkUsersScreen() {
  return <NetworkUsers />;
}
