import { useSearchParams } from 'react-router-dom';
import { LeafletList } from '../features/leaflets/components/leaflet-list';
import { LeafletNotFound, LeafletView } from '../features/leaflets/components/leaflet-view';

/**
 * /leaflet (full page, no shell): without ?id= the list of leaflets; with a numeric ?id= that
 * leaflet's pages and prices; any other id is "not found" with the way back to the list.
 */
export default function LeafletScreen() {
  const [params] = useSearchParams();
  const id = params.get('id');
  if (id === null || id.trim() === '') return <LeafletList />;
  if (!/^\d{1,10}$/.test(id.trim()) || Number(id) < 1) return <LeafletNotFound />;
  return <LeafletView key={id.trim()} id={id.trim()} />;
}
