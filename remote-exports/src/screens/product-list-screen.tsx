import { ProductList } from '../features/products/components/product-list';

/** Exposed as ./ProductList (route /product). */
export default function ProductListScreen() {
  return <ProductList />;
}
