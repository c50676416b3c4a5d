import type { ModerationDuplicate, ModerationKind } from '@ad/contract/account/moderation';
import { pathTo } from '@ad/contract';

export const KIND_LABELS: Record<ModerationKind, string> = {
  new: 'Nouvelle proposition',
  edit: 'Modification',
};

export const DUPLICATE_REASONS: Record<ModerationDuplicate['reason'], string> = {
  title: 'titre proche',
  place_thematic: 'même commune et même thématique',
};

/**
 * The public page of a published duplicate, when its address can be built from its id: the map's
 * detail of an initiative or a procedure. Posts and resources are addressed by a slug the API
 * does not give (null: the title shows without a link).
 */
export function publicPathOf(duplicate: ModerationDuplicate): string | null {
  if (duplicate.type === 'initiatives' || duplicate.type === 'food_procedures') {
    return pathTo('initiative-item', {
      selectedResourceType: duplicate.type === 'initiatives' ? 'initiative' : 'demarche',
      selectedResource: duplicate.id,
    });
  }
  return null;
}
