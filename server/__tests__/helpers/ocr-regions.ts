/** A big-digit region's reading as the OCR tests hand it to the candidate rules: `glyphs` digits 34 px wide, `height` tall. */
export const bigDigitRegion = (x: number, y: number, text: string, glyphs: number, extra: Record<string, unknown> = {}, height = 50) => ({
  big: { x0: x, y0: y, x1: x + glyphs * 34, y1: y + height },
  cents: null,
  angle: 0,
  glyphH: height,
  glyphs,
  text,
  conf: 95,
  centsText: null,
  centsConf: null,
  ...extra,
});
