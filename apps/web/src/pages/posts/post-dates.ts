import { formatDate } from '../../lib/date.ts';
import { formatTime } from '../../lib/date-time.ts';
import type { PostDetail } from '../../features/posts/posts.ts';

/** 'le 05 mars 2026 à 14h30' (the post's last modification, in Paris). */
export function formatUpdatedAt(value: string): string {
  const time = formatTime(value);
  return time ? `le ${formatDate(value)} à ${time.replace(':', 'h')}` : '';
}

/** 'Le 10 avril 2026' or 'Du 10 avril 2026 au 11 avril 2026' (calendar days). */
export function formatEventDates(event: NonNullable<PostDetail['event']>): string {
  const start = formatDate(event.started_at);
  if (!event.ended_at || event.ended_at === event.started_at) return `Le ${start}`;
  return `Du ${start} au ${formatDate(event.ended_at)}`;
}
