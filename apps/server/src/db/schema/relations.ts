import { relations } from 'drizzle-orm';
import { contactMessages, contactUsAddresses, contactUsThematics } from './contact-us.ts';
import { contacts, contactThematics } from './contacts.ts';
import { faqCategories, faqItems, glossaryEntries, teamMembers } from './content.ts';
import { eventCategories, events } from './events.ts';
import { files } from './files.ts';
import {
  foodProcedureBeneficiaries,
  foodProcedureCommunes,
  foodProcedureCommunitiesOfCommunes,
  foodProcedureFiles,
  foodProcedures,
  foodProcedureSubthematics,
  foodProcedureThematics,
} from './food-procedures.ts';
import { communes, communitiesOfCommunes, departements } from './geo.ts';
import {
  initiativeBeneficiaries,
  initiativeCommunes,
  initiativeCommunitiesOfCommunes,
  initiativeFiles,
  initiativeIssueTypes,
  initiatives,
  initiativeSubthematics,
} from './initiatives.ts';
import { auditEvents, revisions } from './moderation.ts';
import { postCategories, posts } from './posts.ts';
import { resourceCategories, resources, resourceSubthematics, resourceTypes } from './resources.ts';
import {
  areasOfInfluence,
  beneficiaries,
  contactTypes,
  issueTypes,
  progressStatuses,
  projectHolderTypes,
  subthematics,
  thematics,
} from './taxonomy.ts';
import { sessions, users } from './users.ts';

// Relations for Drizzle's relational query API (db.query.x.findMany({ with })).
// Relation names are camelCase; the presenters map them to the spec's snake_case fields.

export const usersRelations = relations(users, ({ one, many }) => ({
  contact: one(contacts, { fields: [users.contactId], references: [contacts.id] }),
  sessions: many(sessions),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id] }),
}));

export const thematicsRelations = relations(thematics, ({ many }) => ({
  subthematics: many(subthematics),
}));

export const subthematicsRelations = relations(subthematics, ({ one }) => ({
  thematic: one(thematics, { fields: [subthematics.thematicId], references: [thematics.id] }),
}));

export const departementsRelations = relations(departements, ({ many }) => ({
  communes: many(communes),
}));

export const communesRelations = relations(communes, ({ one }) => ({
  departement: one(departements, {
    fields: [communes.departementCode],
    references: [departements.code],
  }),
  communityOfCommunes: one(communitiesOfCommunes, {
    fields: [communes.epciCode],
    references: [communitiesOfCommunes.code],
  }),
}));

export const communitiesOfCommunesRelations = relations(communitiesOfCommunes, ({ many }) => ({
  communes: many(communes),
}));

export const contactsRelations = relations(contacts, ({ one, many }) => ({
  type: one(contactTypes, { fields: [contacts.typeId], references: [contactTypes.id] }),
  departement: one(departements, {
    fields: [contacts.departementCode],
    references: [departements.code],
  }),
  image: one(files, { fields: [contacts.imageFileId], references: [files.id] }),
  owner: one(users, { fields: [contacts.userId], references: [users.id] }),
  thematics: many(contactThematics),
  members: many(users),
  initiatives: many(initiatives),
  foodProcedures: many(foodProcedures),
}));

export const contactThematicsRelations = relations(contactThematics, ({ one }) => ({
  contact: one(contacts, { fields: [contactThematics.contactId], references: [contacts.id] }),
  thematic: one(thematics, { fields: [contactThematics.thematicId], references: [thematics.id] }),
}));

export const initiativesRelations = relations(initiatives, ({ one, many }) => ({
  projectHolderType: one(projectHolderTypes, {
    fields: [initiatives.projectHolderTypeId],
    references: [projectHolderTypes.id],
  }),
  thematic: one(thematics, {
    fields: [initiatives.thematicId],
    references: [thematics.id],
    relationName: 'initiative_thematic',
  }),
  secondaryThematic: one(thematics, {
    fields: [initiatives.secondaryThematicId],
    references: [thematics.id],
    relationName: 'initiative_secondary_thematic',
  }),
  areaOfInfluence: one(areasOfInfluence, {
    fields: [initiatives.areaOfInfluenceId],
    references: [areasOfInfluence.id],
  }),
  progressStatus: one(progressStatuses, {
    fields: [initiatives.progressStatusId],
    references: [progressStatuses.id],
  }),
  departement: one(departements, {
    fields: [initiatives.departementCode],
    references: [departements.code],
  }),
  foodProcedure: one(foodProcedures, {
    fields: [initiatives.foodProcedureId],
    references: [foodProcedures.id],
  }),
  contact: one(contacts, { fields: [initiatives.contactId], references: [contacts.id] }),
  owner: one(users, { fields: [initiatives.userId], references: [users.id] }),
  subthematics: many(initiativeSubthematics),
  beneficiaries: many(initiativeBeneficiaries),
  issueTypes: many(initiativeIssueTypes),
  communes: many(initiativeCommunes),
  communitiesOfCommunes: many(initiativeCommunitiesOfCommunes),
  files: many(initiativeFiles),
}));

export const initiativeSubthematicsRelations = relations(initiativeSubthematics, ({ one }) => ({
  initiative: one(initiatives, {
    fields: [initiativeSubthematics.initiativeId],
    references: [initiatives.id],
  }),
  subthematic: one(subthematics, {
    fields: [initiativeSubthematics.subthematicId],
    references: [subthematics.id],
  }),
}));

export const initiativeBeneficiariesRelations = relations(initiativeBeneficiaries, ({ one }) => ({
  initiative: one(initiatives, {
    fields: [initiativeBeneficiaries.initiativeId],
    references: [initiatives.id],
  }),
  beneficiary: one(beneficiaries, {
    fields: [initiativeBeneficiaries.beneficiaryId],
    references: [beneficiaries.id],
  }),
}));

export const initiativeIssueTypesRelations = relations(initiativeIssueTypes, ({ one }) => ({
  initiative: one(initiatives, {
    fields: [initiativeIssueTypes.initiativeId],
    references: [initiatives.id],
  }),
  issueType: one(issueTypes, {
    fields: [initiativeIssueTypes.issueTypeId],
    references: [issueTypes.id],
  }),
}));

export const initiativeCommunesRelations = relations(initiativeCommunes, ({ one }) => ({
  initiative: one(initiatives, {
    fields: [initiativeCommunes.initiativeId],
    references: [initiatives.id],
  }),
  commune: one(communes, {
    fields: [initiativeCommunes.communeCode],
    references: [communes.inseeCode],
  }),
}));

export const initiativeCommunitiesOfCommunesRelations = relations(
  initiativeCommunitiesOfCommunes,
  ({ one }) => ({
    initiative: one(initiatives, {
      fields: [initiativeCommunitiesOfCommunes.initiativeId],
      references: [initiatives.id],
    }),
    communityOfCommunes: one(communitiesOfCommunes, {
      fields: [initiativeCommunitiesOfCommunes.communityCode],
      references: [communitiesOfCommunes.code],
    }),
  }),
);

export const initiativeFilesRelations = relations(initiativeFiles, ({ one }) => ({
  initiative: one(initiatives, {
    fields: [initiativeFiles.initiativeId],
    references: [initiatives.id],
  }),
  file: one(files, { fields: [initiativeFiles.fileId], references: [files.id] }),
}));

export const foodProceduresRelations = relations(foodProcedures, ({ one, many }) => ({
  projectHolderType: one(projectHolderTypes, {
    fields: [foodProcedures.projectHolderTypeId],
    references: [projectHolderTypes.id],
  }),
  areaOfInfluence: one(areasOfInfluence, {
    fields: [foodProcedures.areaOfInfluenceId],
    references: [areasOfInfluence.id],
  }),
  progressStatus: one(progressStatuses, {
    fields: [foodProcedures.progressStatusId],
    references: [progressStatuses.id],
  }),
  departement: one(departements, {
    fields: [foodProcedures.departementCode],
    references: [departements.code],
  }),
  contact: one(contacts, { fields: [foodProcedures.contactId], references: [contacts.id] }),
  owner: one(users, { fields: [foodProcedures.userId], references: [users.id] }),
  initiatives: many(initiatives),
  thematics: many(foodProcedureThematics),
  subthematics: many(foodProcedureSubthematics),
  beneficiaries: many(foodProcedureBeneficiaries),
  communes: many(foodProcedureCommunes),
  communitiesOfCommunes: many(foodProcedureCommunitiesOfCommunes),
  files: many(foodProcedureFiles),
}));

export const foodProcedureThematicsRelations = relations(foodProcedureThematics, ({ one }) => ({
  foodProcedure: one(foodProcedures, {
    fields: [foodProcedureThematics.foodProcedureId],
    references: [foodProcedures.id],
  }),
  thematic: one(thematics, {
    fields: [foodProcedureThematics.thematicId],
    references: [thematics.id],
  }),
}));

export const foodProcedureSubthematicsRelations = relations(
  foodProcedureSubthematics,
  ({ one }) => ({
    foodProcedure: one(foodProcedures, {
      fields: [foodProcedureSubthematics.foodProcedureId],
      references: [foodProcedures.id],
    }),
    subthematic: one(subthematics, {
      fields: [foodProcedureSubthematics.subthematicId],
      references: [subthematics.id],
    }),
  }),
);

export const foodProcedureBeneficiariesRelations = relations(
  foodProcedureBeneficiaries,
  ({ one }) => ({
    foodProcedure: one(foodProcedures, {
      fields: [foodProcedureBeneficiaries.foodProcedureId],
      references: [foodProcedures.id],
    }),
    beneficiary: one(beneficiaries, {
      fields: [foodProcedureBeneficiaries.beneficiaryId],
      references: [beneficiaries.id],
    }),
  }),
);

export const foodProcedureCommunesRelations = relations(foodProcedureCommunes, ({ one }) => ({
  foodProcedure: one(foodProcedures, {
    fields: [foodProcedureCommunes.foodProcedureId],
    references: [foodProcedures.id],
  }),
  commune: one(communes, {
    fields: [foodProcedureCommunes.communeCode],
    references: [communes.inseeCode],
  }),
}));

export const foodProcedureCommunitiesOfCommunesRelations = relations(
  foodProcedureCommunitiesOfCommunes,
  ({ one }) => ({
    foodProcedure: one(foodProcedures, {
      fields: [foodProcedureCommunitiesOfCommunes.foodProcedureId],
      references: [foodProcedures.id],
    }),
    communityOfCommunes: one(communitiesOfCommunes, {
      fields: [foodProcedureCommunitiesOfCommunes.communityCode],
      references: [communitiesOfCommunes.code],
    }),
  }),
);

export const foodProcedureFilesRelations = relations(foodProcedureFiles, ({ one }) => ({
  foodProcedure: one(foodProcedures, {
    fields: [foodProcedureFiles.foodProcedureId],
    references: [foodProcedures.id],
  }),
  file: one(files, { fields: [foodProcedureFiles.fileId], references: [files.id] }),
}));

export const postsRelations = relations(posts, ({ one, many }) => ({
  category: one(postCategories, { fields: [posts.categoryId], references: [postCategories.id] }),
  image: one(files, { fields: [posts.imageFileId], references: [files.id] }),
  owner: one(users, { fields: [posts.userId], references: [users.id] }),
  events: many(events),
}));

export const postCategoriesRelations = relations(postCategories, ({ many }) => ({
  posts: many(posts),
}));

export const eventsRelations = relations(events, ({ one }) => ({
  category: one(eventCategories, {
    fields: [events.categoryId],
    references: [eventCategories.id],
  }),
  image: one(files, { fields: [events.imageFileId], references: [files.id] }),
  post: one(posts, { fields: [events.postId], references: [posts.id] }),
  owner: one(users, { fields: [events.userId], references: [users.id] }),
}));

export const eventCategoriesRelations = relations(eventCategories, ({ many }) => ({
  events: many(events),
}));

export const resourcesRelations = relations(resources, ({ one, many }) => ({
  category: one(resourceCategories, {
    fields: [resources.categoryId],
    references: [resourceCategories.id],
  }),
  type: one(resourceTypes, { fields: [resources.typeId], references: [resourceTypes.id] }),
  thematic: one(thematics, { fields: [resources.thematicId], references: [thematics.id] }),
  image: one(files, {
    fields: [resources.imageFileId],
    references: [files.id],
    relationName: 'resource_image',
  }),
  document: one(files, {
    fields: [resources.documentFileId],
    references: [files.id],
    relationName: 'resource_document',
  }),
  owner: one(users, { fields: [resources.userId], references: [users.id] }),
  subthematics: many(resourceSubthematics),
}));

export const resourceCategoriesRelations = relations(resourceCategories, ({ one, many }) => ({
  featuredImage: one(files, {
    fields: [resourceCategories.featuredImageFileId],
    references: [files.id],
  }),
  resources: many(resources),
}));

export const resourceTypesRelations = relations(resourceTypes, ({ many }) => ({
  resources: many(resources),
}));

export const resourceSubthematicsRelations = relations(resourceSubthematics, ({ one }) => ({
  resource: one(resources, {
    fields: [resourceSubthematics.resourceId],
    references: [resources.id],
  }),
  subthematic: one(subthematics, {
    fields: [resourceSubthematics.subthematicId],
    references: [subthematics.id],
  }),
}));

export const faqCategoriesRelations = relations(faqCategories, ({ many }) => ({
  items: many(faqItems),
}));

export const faqItemsRelations = relations(faqItems, ({ one }) => ({
  category: one(faqCategories, { fields: [faqItems.categoryId], references: [faqCategories.id] }),
}));

export const teamMembersRelations = relations(teamMembers, ({ one }) => ({
  avatar: one(files, { fields: [teamMembers.avatarFileId], references: [files.id] }),
}));

export const glossaryEntriesRelations = relations(glossaryEntries, () => ({}));

export const contactUsThematicsRelations = relations(contactUsThematics, ({ many }) => ({
  addresses: many(contactUsAddresses),
}));

export const contactUsAddressesRelations = relations(contactUsAddresses, ({ one }) => ({
  thematic: one(contactUsThematics, {
    fields: [contactUsAddresses.thematicId],
    references: [contactUsThematics.id],
  }),
}));

export const contactMessagesRelations = relations(contactMessages, ({ one }) => ({
  thematic: one(contactUsThematics, {
    fields: [contactMessages.thematicId],
    references: [contactUsThematics.id],
  }),
  contact: one(contacts, { fields: [contactMessages.contactId], references: [contacts.id] }),
}));

export const revisionsRelations = relations(revisions, ({ one }) => ({
  author: one(users, {
    fields: [revisions.authorId],
    references: [users.id],
    relationName: 'revision_author',
  }),
  reviewer: one(users, {
    fields: [revisions.reviewedBy],
    references: [users.id],
    relationName: 'revision_reviewer',
  }),
}));

export const auditEventsRelations = relations(auditEvents, ({ one }) => ({
  actor: one(users, { fields: [auditEvents.actorId], references: [users.id] }),
}));
