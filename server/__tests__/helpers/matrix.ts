/**
 * Heavy matrices (every odd value in every parameter, every spelling through every path…) run whole in
 * `npm run bench` (server/bench/matrices.ts sets PRICEWATCH_FULL_MATRIX=1) and as a sample in `npm test`:
 * each call to `sample` keeps one value in STRIDE, the kept ones shifted by a slot that moves on at every
 * call, so every value kind is still met, in some parameter, once in STRIDE calls. The shift starts at a
 * seed printed once per file (PRICEWATCH_MATRIX_SEED=<n> repeats a run's choice).
 */
export const FULL_MATRIX = process.env.PRICEWATCH_FULL_MATRIX === '1';
export const MATRIX_SEED = process.env.PRICEWATCH_MATRIX_SEED ? Number(process.env.PRICEWATCH_MATRIX_SEED) : Math.floor(Math.random() * 1_000_000);

let announced = false;
function announce(stride: number) {
  if (announced) return;
  announced = true;
  console.log(
    FULL_MATRIX
      ? 'matrix: the whole matrix (PRICEWATCH_FULL_MATRIX=1)'
      : `matrix: one case in ${stride} of each list, seed ${MATRIX_SEED} (PRICEWATCH_MATRIX_SEED=${MATRIX_SEED} repeats it; PRICEWATCH_FULL_MATRIX=1 runs all, as npm run bench does)`,
  );
}

/** A sampler: `next(list)` keeps one item in `stride`, starting one further along at each call. */
export function matrixSampler(stride: number, offset = 0) {
  let slot = MATRIX_SEED + offset;
  return <T>(list: readonly T[]): T[] => {
    announce(stride);
    const at = slot++;
    if (FULL_MATRIX || stride <= 1) return [...list];
    return list.filter((_, i) => (i + at) % stride === 0);
  };
}
