// Development only: runs this remote's screens alone, inside the same shared providers as the host.
import { startDevApp } from '@pricewatch/shared/dev';
import AlarmsScreen from '../screens/alarms-screen';

void startDevApp([{ path: 'alarms', labelKey: 'areas.alarms.title', Component: AlarmsScreen }]);
