import type { CSSProperties } from 'react';
import { fr } from '../../lib/fr.ts';
import type { ThematicTag } from './api.ts';
import './thematic-tags.css';

/** The thematics of a contact as DSFR tags, each marked with its theme's colour. */
export function ThematicTags({ thematics }: { thematics: ThematicTag[] }) {
  if (!thematics.length) return null;
  return (
    <ul className={fr.cx('fr-tags-group')} aria-label="Thématiques">
      {thematics.map((thematic) => (
        <li key={thematic.name}>
          <p
            className={`${fr.cx('fr-tag', 'fr-tag--sm')} app-thematic-tag ${thematic.class}`}
            style={{ '--thematic-color': thematic.color } as CSSProperties}
          >
            {thematic.name}
          </p>
        </li>
      ))}
    </ul>
  );
}
