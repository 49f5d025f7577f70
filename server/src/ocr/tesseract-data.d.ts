/** @tesseract.js-data/* ship no types: each index.js exports where its traineddata files are. */
declare module '@tesseract.js-data/eng' {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}
declare module '@tesseract.js-data/ukr' {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}
declare module '@tesseract.js-data/kat' {
  const data: { code: string; gzip: boolean; langPath: string };
  export default data;
}
