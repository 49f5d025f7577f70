// Development only: runs this remote's screens alone, inside the same shared providers as the host.
import { startDevApp } from '@pricewatch/shared/dev';
import ParsersScreen from '../screens/parsers-screen';

void startDevApp([{ path: 'parsers', labelKey: 'areas.parsers.title', Component: ParsersScreen }]);
