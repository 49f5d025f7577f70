import { Link } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';

/** A product's name linking to its card, /product/{id}. */
export function ProductLink({ id, name }: { id: string; name: string }) {
  return (
    <Link asChild color="brand.fg" fontWeight="medium">
      <RouterLink to={`/product/${encodeURIComponent(id)}`}>{name}</RouterLink>
    </Link>
  );
}
