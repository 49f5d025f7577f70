/** EAN-13 (GS1) check digits. */

/** The check digit of the first 12 (EAN-13) or 7 (EAN-8) digits. */
export function eanCheckDigit(body: string): number {
  if (!/^\d+$/.test(body)) throw new RangeError(`not digits: ${body}`);
  let sum = 0;
  // From the right, weights 3, 1, 3, 1… (the check digit itself would be weight 1).
  for (let i = 0; i < body.length; i++) {
    const digit = body.charCodeAt(body.length - 1 - i) - 48;
    sum += digit * (i % 2 === 0 ? 3 : 1);
  }
  return (10 - (sum % 10)) % 10;
}

/** True for 13 (or 8) digits whose last one is the right check digit. */
export function isValidEan(ean: string): boolean {
  if (!/^(\d{8}|\d{13})$/.test(ean)) return false;
  return eanCheckDigit(ean.slice(0, -1)) === Number(ean[ean.length - 1]);
}

/** prefix (GS1 country, 3 digits) + company (4) + item (5) + check digit. */
export function makeEan13(prefix: string, company: number, item: number): string {
  const body = `${prefix}${String(company).padStart(4, '0')}${String(item).padStart(5, '0')}`;
  if (body.length !== 12) throw new RangeError(`EAN body must have 12 digits: ${body}`);
  return body + eanCheckDigit(body);
}
