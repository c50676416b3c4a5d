const BOM = '\uFEFF';
const SEPARATOR = ';';

const parisTime = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/**
 * One CSV field: quoted when needed, and a leading = + - @ (or tab, carriage return) neutralised
 * so that a spreadsheet never reads it as a formula.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[";\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * The confirmed subscribers for the team: UTF-8 with a BOM and semicolons, which is what a
 * spreadsheet set to French opens in columns; confirmed_at in Paris time ("2026-11-23 18:04:18").
 */
export function subscribersCsv(rows: { email: string; confirmedAt: Date | null }[]): string {
  const lines = [
    ['email', 'confirmed_at'],
    ...rows.map((row) => [row.email, row.confirmedAt ? parisTime.format(row.confirmedAt) : '']),
  ];
  return BOM + lines.map((fields) => fields.map(csvField).join(SEPARATOR) + '\r\n').join('');
}
