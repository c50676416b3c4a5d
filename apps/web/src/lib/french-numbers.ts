/**
 * French numbers without `Intl` (decision 0020, as french-format.ts for dates): the same text as
 * `Intl.NumberFormat` in 'fr-FR' (the tests compare both). In a module of its own: the pages
 * that write no number (the home page among them) load none of it.
 */
import { groupDigits } from './french-format.ts';

/**
 * `value` (not negative) with `digits` decimals, rounded half up on its decimal writing (the
 * shortest that reads back as it), as Intl rounds: 1.005 is 1.00499… in binary, and gives 1,01.
 */
function roundedDigits(value: number, digits: number): [whole: string, fraction: string] {
  const text = String(value);
  if (text.includes('e')) {
    const [whole = '0', fraction = ''] = value.toFixed(digits).split('.');
    return [whole, fraction];
  }
  const [whole = '0', fraction = ''] = text.split('.');
  const kept = fraction.slice(0, digits).padEnd(digits, '0');
  if ((fraction[digits] ?? '0') < '5') return [whole, kept];
  const up = String(BigInt(whole + kept) + 1n).padStart(digits + 1, '0');
  return [up.slice(0, up.length - digits), up.slice(up.length - digits)];
}

/**
 * '20 000', '1,5', '12 500,50': at most `maximumFractionDigits` decimals (rounded half away from
 * zero), at least `minimumFractionDigits`.
 */
export function formatNumber(
  value: number,
  { minimumFractionDigits = 0, maximumFractionDigits = 0 } = {},
): string {
  const [whole, fraction] = roundedDigits(Math.abs(value), maximumFractionDigits);
  const decimals = fraction.replace(/0+$/, '').padEnd(minimumFractionDigits, '0');
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  const grouped = groupDigits(whole);
  return `${sign}${grouped}${decimals ? `,${decimals}` : ''}`;
}

/** '12 500 €', or '12 500,50 €' with cents. */
export function formatEuros(value: number): string {
  const cents = Number.isInteger(value) ? 0 : 2;
  const amount = formatNumber(value, {
    minimumFractionDigits: cents,
    maximumFractionDigits: cents,
  });
  return `${amount}\u00a0€`;
}
