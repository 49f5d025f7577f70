import { ProductCard } from '../features/products/components/product-card';

/** Exposed as ./ProductCard (route /product/:id). */
export default function ProductCardScreen() {
  return <ProductCard />;
}
