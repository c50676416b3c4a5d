/**
 * '05 mars 2024' in the site's time zone: the server renders in UTC and the browser in the
 * visitor's zone, and both must print the same day (hydration).
 */
const longDate = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

export function formatResourceDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : longDate.format(date);
}
