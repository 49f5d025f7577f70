/** @tesseract.js-data/eng ships no types: its index.js exports where its traineddata files are. */
declare module '@tesseract.js-data/eng' {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}
