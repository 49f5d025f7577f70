/** Leaflet pages (docs/leaflets.md "Files"): a picture becomes the leaflet's next page. */
import { LEAFLET_LIMITS, type LeafletPage } from '@pricewatch/shared/contract';
import type { Db } from '../../db/client';
import { notFound, validationFailed } from '../../lib/errors';
import type { AuthUser } from '../../core/session-user';
import { checkPicture, type CheckedPicture, type Form, type StoredPicture } from './pictures';
import type { LeafletsQueries } from './queries';
import { lockLeaflet, toPage, withStoredPicture, type LeafletAccess, type LeafletsContext } from './service-common';

/** Appends a page in the transaction (the row lock on the leaflet keeps page numbers in order). */
export async function insertPage(queries: LeafletsQueries, t: Db, leafletId: number, stored: StoredPicture, picture: CheckedPicture): Promise<number> {
  await lockLeaflet(queries, t, leafletId);
  const { n, next } = await queries.pageSlot(t, leafletId);
  if (n >= LEAFLET_LIMITS.pagesMax) throw validationFailed([{ path: 'image', message: 'too_many_pages' }]);
  const id = await queries.insertPage(t, {
    leafletId,
    pageNo: next,
    fileName: stored.fileName,
    type: picture.type,
    width: picture.width,
    height: picture.height,
    bytes: picture.data.length,
    thumbName: stored.thumbName,
  });
  await queries.touchLeaflet(t, leafletId);
  return id;
}

export function createPagesService({ db, queries, pictures }: LeafletsContext, access: LeafletAccess) {
  return {
    /** A stored picture's row by its file name (GET /leaflets/images/:name checks its network). */
    pictureByName: (name: string) => queries.pictureByName(name),

    /** POST /leaflets/save-image: the picture becomes the leaflet's last page. */
    async saveImage(user: AuthUser, form: Form): Promise<LeafletPage> {
      const folder = form.fields.folder;
      if (!folder?.trim()) throw validationFailed([{ path: 'folder', message: 'required' }]);
      if (!/^\d{1,10}$/.test(folder.trim())) throw validationFailed([{ path: 'folder', message: 'expected a numeric id' }]);
      const leafletId = Number(folder.trim());
      await access.writableLeaflet(user, leafletId);
      const picture = await checkPicture(form.files.get('image')?.data, 'image');
      const stored = await pictures.save(picture);
      const pageId = await withStoredPicture(pictures, stored, () => db.transaction((tx) => insertPage(queries, tx, leafletId, stored, picture)));
      const page = await queries.page(pageId);
      if (!page) throw notFound('leaflet'); // deleted with its leaflet right after the commit
      return toPage(page);
    },
  };
}
