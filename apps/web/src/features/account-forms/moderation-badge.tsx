import { fr } from '../../lib/fr.ts';

/** The moderation status of a member's item ('En cours de modération'…), above its page. */
export function ModerationBadge({ label }: { label: string }) {
  return (
    <p className={fr.cx('fr-badge', 'fr-badge--info', 'fr-badge--no-icon', 'fr-mb-3w')}>{label}</p>
  );
}
