import type { ThematicKey } from '@ad/contract';

/**
 * Shapes of the demo content. Everything is referenced by stable string keys (never by database
 * ids) so the content stays readable and the insert code resolves the keys to ids at seed time.
 * Dates of events and posts are relative to "today" so the demo never looks stale.
 */

export interface TaxonomyItem {
  key: string;
  name: string;
}

export interface SubthematicItem extends TaxonomyItem {
  thematic: ThematicKey;
}

export interface ResourceCategoryItem extends TaxonomyItem {
  featuredImage: { image: string; name: string };
}

/** Either a number of days from today, or a day of a month relative to the current month. */
export type RelativeDate = { days: number } | { months: number; day: number };

export interface FinancialPartner {
  partner: string;
  device: string;
}

export interface ProjectSeedBase {
  key: string;
  title: string;
  /** HTML. */
  summary: string;
  projectHolder: string;
  areaOfInfluence: string;
  territoryOfRealization: string;
  /** INSEE code of the commune where the marker is placed (coordinates come from the communes CSV). */
  insee: string;
  addressLine1: string;
  /** Either communes (INSEE codes) or communities of communes (EPCI SIREN codes) are filled. */
  communes?: string[];
  epci?: string[];
  technicalPartners: string[];
  financialPartners: FinancialPartner[];
  nbTeamMembers: number;
  projectCost: number;
  releasedAt: string;
  endedAt: string | null;
  status: string;
  context: string;
  objectives: string;
  implementationOfActions: string;
  keysToSuccess: string;
  potentialBrakes: string;
  prospectsForFuture: string;
  originalityOfApproach: string;
  websiteUrls: string[];
  contact?: string;
  /** Key of a demo account; owned items appear in the account area. */
  owner?: string;
  /** Defaults to published. */
  moderationStatus?: 'published' | 'pending';
}

export interface FoodProcedureSeed extends ProjectSeedBase {
  isPat: boolean;
  thematics: ThematicKey[];
}

export interface InitiativeSeed extends ProjectSeedBase {
  thematic: ThematicKey;
  secondaryThematic?: ThematicKey;
  subthematics: string[];
  beneficiaries: string[];
  foodProcedure?: string;
  /** The 4 stakes of spec §1 ("2 of 4"). */
  issues: { types: string[]; description: string };
}

export interface PostSeed {
  key: string;
  title: string;
  category: string;
  authors: string;
  /** HTML. */
  description: string;
  externalUrl?: string;
  image: string;
  /** Days before today the post was published / last modified. */
  publishedDaysAgo: number;
  event?: { start: RelativeDate; end?: RelativeDate; hour: string; place: string };
  owner?: string;
  moderationStatus?: 'published' | 'pending';
}

export interface EventSeed {
  key: string;
  title: string;
  category: string;
  description: string;
  start: RelativeDate;
  end?: RelativeDate;
  place: string;
  planner: string;
  image: string;
  externalUrl?: string;
  moreInfosType: 'post' | 'other';
  post?: string;
  owner?: string;
  moderationStatus?: 'published' | 'pending';
}

export interface ContactSeed {
  key: string;
  type: string;
  societyName: string;
  addressLine1: string;
  addressLine2?: string;
  postcode: string;
  /** INSEE code of the city; the city name and département come from the communes CSV. */
  insee: string;
  departementCode: string;
  phone?: string;
  societyEmail?: string;
  websiteUrl?: string;
  displayInDirectory: boolean;
  thematics: ThematicKey[];
  avatar?: string;
}

export interface ResourceSeed {
  key: string;
  name: string;
  category: string;
  type: 'file' | 'video' | 'external_url';
  thematic: ThematicKey;
  /** HTML. */
  description: string;
  image: string;
  externalUrl?: string;
  videoUrl?: string;
  /** The PDF is generated at seed time (a one-page document with the name and description). */
  file?: { filename: string };
  publishedDaysAgo: number;
  owner?: string;
  moderationStatus?: 'published' | 'pending';
}

export interface GlossarySeed {
  title: string;
  definition: string;
}

export interface FaqCategorySeed {
  key: string;
  name: string;
  order: number;
  items: { question: string; answer: string }[];
}

export interface TeamMemberSeed {
  name: string;
  department: string;
  description: string;
  avatar: string;
  order: number;
}

export interface ContactUsThematicSeed {
  id: number;
  name: string;
  order: number;
  address?: {
    name: string;
    addressLine1: string;
    addressLine2?: string;
    postcode: string;
    city: string;
    country: string;
    phone: string;
  };
}

export interface DemoAccountSeed {
  key: string;
  email: string;
  password: string;
  role: 'member' | 'moderator' | 'admin';
  civility: 'mrs' | 'mr';
  firstname: string;
  lastname: string;
  job: string;
  /** Key of the contact used as the member's institution ("Ma structure"). */
  institution?: string;
  sendAlsoToPersonalEmail?: boolean;
}
