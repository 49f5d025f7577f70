/**
 * A lazily loaded value (a heavy module, a class built from one), loaded at the first call and shared by every
 * caller after. A failed load is not kept: the next call tries again, so a transient failure (EMFILE, say) does
 * not break the feature until the server restarts.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () =>
    (pending ??= load().catch((err: unknown) => {
      pending = null;
      throw err;
    }));
}
