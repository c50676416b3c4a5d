import type { ModerationType } from '@ad/contract/account/moderation';
import type { RouteName } from '@ad/contract';
import type { RevisionSubjectType } from '../../db/schema/index.ts';

/**
 * How the moderation reaches each submitted type: its table, its title column, where the
 * revision payload keeps the title, and the account page that shows it to its author.
 */
export interface ModerationSubject {
  type: ModerationType;
  subjectType: RevisionSubjectType;
  table: string;
  /** SQL column and revision `values` key of the title. */
  titleColumn: string;
  titleKey: string;
  /** The item's own département column, if it has one. */
  departementColumn: string | null;
  /** How the institution is found: the item's contact_id, itself, or the author's. */
  institution: 'contact_id' | 'self' | 'author';
  /** The author's account page of the item (e-mails link to it). */
  accountRoute: RouteName;
  /** « votre actualité » in the e-mails. */
  yours: string;
  /** Whether `yours` is feminine (« elle est publiée », « il est publié »). */
  feminine: boolean;
}

export const MODERATION_SUBJECTS: Record<ModerationType, ModerationSubject> = {
  posts: {
    type: 'posts',
    subjectType: 'post',
    table: 'posts',
    titleColumn: 'title',
    titleKey: 'title',
    departementColumn: null,
    institution: 'author',
    accountRoute: 'myaccount.posts.show',
    yours: 'votre actualité',
    feminine: true,
  },
  events: {
    type: 'events',
    subjectType: 'event',
    table: 'events',
    titleColumn: 'title',
    titleKey: 'title',
    departementColumn: null,
    institution: 'author',
    accountRoute: 'myaccount.events.show',
    yours: 'votre évènement',
    feminine: false,
  },
  resources: {
    type: 'resources',
    subjectType: 'resource',
    table: 'resources',
    titleColumn: 'name',
    titleKey: 'name',
    departementColumn: null,
    institution: 'author',
    accountRoute: 'myaccount.resources.show',
    yours: 'votre ressource',
    feminine: true,
  },
  initiatives: {
    type: 'initiatives',
    subjectType: 'initiative',
    table: 'initiatives',
    titleColumn: 'title',
    titleKey: 'title',
    departementColumn: 'departement_code',
    institution: 'contact_id',
    accountRoute: 'myaccount.initiatives.show',
    yours: 'votre initiative',
    feminine: true,
  },
  food_procedures: {
    type: 'food_procedures',
    subjectType: 'food_procedure',
    table: 'food_procedures',
    titleColumn: 'title',
    titleKey: 'title',
    departementColumn: 'departement_code',
    institution: 'contact_id',
    accountRoute: 'myaccount.foodProcedures.show',
    yours: 'votre démarche',
    feminine: true,
  },
  institutions: {
    type: 'institutions',
    subjectType: 'contact',
    table: 'contacts',
    titleColumn: 'society_name',
    titleKey: 'societyName',
    departementColumn: 'departement_code',
    institution: 'self',
    accountRoute: 'myaccount.institution',
    yours: 'votre structure',
    feminine: true,
  },
};

export const subjectOf = (type: ModerationType): ModerationSubject => MODERATION_SUBJECTS[type];
