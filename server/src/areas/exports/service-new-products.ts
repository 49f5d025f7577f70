/** New-product lists (docs/exports.md): codes and names of products to look for, matched to the catalogue when listed. */
import type { Deleted, NewProductTemplate } from '@pricewatch/shared/contract';
import { notFound } from '../../lib/errors';
import type { AuthUser } from '../../core/session-user';
import { userRef, type ExportsContext } from './service-common';

export function createNewProductListsService({ queries }: ExportsContext) {
  async function toNewProductLists(rows: Awaited<ReturnType<typeof queries.newProductLists>>): Promise<NewProductTemplate[]> {
    const eans = rows.flatMap((r) => r.items.map((i) => i.ean).filter((x): x is string => !!x));
    const articles = rows.flatMap((r) => r.items.map((i) => i.article).filter((x): x is string => !!x));
    const found = eans.length || articles.length ? await queries.productCodes([...new Set(eans)], [...new Set(articles)]) : [];
    const byEan = new Map<string, number>();
    const byArticle = new Map<string, number>();
    for (const p of found) {
      if (p.ean && !byEan.has(p.ean)) byEan.set(p.ean, p.id);
      if (p.article && !byArticle.has(p.article)) byArticle.set(p.article, p.id);
    }
    return rows.map((r) => {
      const products = r.items.map((i) => {
        const id = (i.ean ? byEan.get(i.ean) : undefined) ?? (i.article ? byArticle.get(i.article) : undefined);
        return { ean: i.ean, article: i.article, name: i.name, productId: id === undefined ? null : String(id) };
      });
      return {
        _id: String(r.id),
        name: r.name,
        products,
        matched: products.filter((p) => p.productId !== null).length,
        network: r.networkCode,
        createdBy: userRef(r.ownerId, r.ownerName),
        createdAt: r.createdAt.toISOString(),
      };
    });
  }

  async function saveNewProducts(
    user: AuthUser,
    body: { name: string; products: { ean?: string; article?: string; name?: string }[] },
  ): Promise<NewProductTemplate> {
    const items = body.products.map((p) => ({ ean: p.ean ?? null, article: p.article ?? null, name: p.name || null }));
    const id = await queries.insertNewProductList(body.name, items, user);
    return (await toNewProductLists(await queries.newProductLists(user, id)))[0]!;
  }

  async function listNewProducts(user: AuthUser): Promise<NewProductTemplate[]> {
    return toNewProductLists(await queries.newProductLists(user));
  }

  async function deleteNewProducts(user: AuthUser, id?: number): Promise<Deleted> {
    const deleted = await queries.deleteNewProductLists(user, id);
    if (id !== undefined && !deleted) throw notFound('new_product_template');
    return { deleted };
  }

  return { saveNewProducts, listNewProducts, deleteNewProducts };
}
