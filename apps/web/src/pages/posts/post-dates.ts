import { formatDate } from '../../lib/date.ts';
import type { PostDetail } from '../../features/posts/posts.ts';

/**
 * The region's time zone, on the server and in every browser: the server renders the page the
 * browser hydrates, so both must write the same day and hour.
 */
const TIME_ZONE = 'Europe/Paris';

const day = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: 'long',
  year: 'numeric',
  timeZone: TIME_ZONE,
});
const time = new Intl.DateTimeFormat('fr-FR', {
  hour: '2-digit',
  minute: '2-digit',
  timeZone: TIME_ZONE,
});

/** 'le 05 mars 2026 à 14h30' (the post's last modification). */
export function formatUpdatedAt(value: string): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const [hours, minutes] = time.format(date).split(':');
  return `le ${day.format(date)} à ${hours}h${minutes}`;
}

/** 'Le 10 avril 2026' or 'Du 10 avril 2026 au 11 avril 2026' (calendar days). */
export function formatEventDates(event: NonNullable<PostDetail['event']>): string {
  const start = formatDate(event.started_at);
  if (!event.ended_at || event.ended_at === event.started_at) return `Le ${start}`;
  return `Du ${start} au ${formatDate(event.ended_at)}`;
}
