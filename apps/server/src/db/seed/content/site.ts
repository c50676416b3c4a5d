import type { ContactUsThematicSeed, DemoAccountSeed, TeamMemberSeed } from './types.ts';

/** "Vos contacts" on the about page (invented people). */
export const TEAM_MEMBERS: readonly TeamMemberSeed[] = [
  {
    name: 'Sophie Laborde',
    department: 'Pôle alimentation — coordination régionale',
    description:
      'Coordonne la plateforme et l’animation du réseau des projets alimentaires territoriaux.',
    avatar: 'team/sophie-laborde.jpg',
    order: 1,
  },
  {
    name: 'Thomas Mercier',
    department: 'Restauration collective',
    description:
      'Accompagne les collectivités et les cuisines dans l’application de la loi EGalim.',
    avatar: 'team/thomas-mercier.jpg',
    order: 2,
  },
  {
    name: 'Aurélie Bessière',
    department: 'Justice sociale et lutte contre la précarité alimentaire',
    description: 'Suit les projets d’accès à l’alimentation et les appels à projets associatifs.',
    avatar: 'team/aurelie-bessiere.jpg',
    order: 3,
  },
  {
    name: 'Karim Haddad',
    department: 'Modération et animation de la plateforme',
    description:
      'Relit les contenus proposés et aide les contributeurs à publier leurs initiatives.',
    avatar: 'team/karim-haddad.jpg',
    order: 4,
  },
];

const TEAM_ADDRESS = {
  name: 'Équipe Alimentation durable Nouvelle-Aquitaine',
  addressLine1: '12 rue des Maraîchers',
  addressLine2: 'Pôle alimentation',
  postcode: '33000',
  city: 'Bordeaux',
  country: 'France',
  phone: '05 36 49 00 00',
};

/** Topics of the contact form (ids 4, 6 and 999 are fixed by the spec). */
export const CONTACT_US_THEMATICS: readonly ContactUsThematicSeed[] = [
  { id: 1, name: 'Question sur une initiative ou une démarche', order: 1, address: TEAM_ADDRESS },
  {
    id: 2,
    name: 'Publier sur la plateforme',
    order: 2,
    address: { ...TEAM_ADDRESS, addressLine2: 'Modération', phone: '05 36 49 00 01' },
  },
  {
    id: 3,
    name: 'Partenariat et presse',
    order: 3,
    address: {
      name: 'Service communication',
      addressLine1: '8 cours du Chapeau-Rouge',
      postcode: '33000',
      city: 'Bordeaux',
      country: 'France',
      phone: '05 36 49 00 02',
    },
  },
  { id: 4, name: 'Boîte à idées', order: 4, address: TEAM_ADDRESS },
  {
    id: 6,
    name: 'Aide / accompagnement',
    order: 5,
    address: {
      name: 'Antenne de Limoges',
      addressLine1: '22 rue des Arènes',
      postcode: '87000',
      city: 'Limoges',
      country: 'France',
      phone: '05 36 49 00 03',
    },
  },
  { id: 999, name: 'Autre', order: 99 },
];

/** Demo accounts of TEAM-BRIEF.md; created only when NODE_ENV !== 'production'. */
export const DEMO_ACCOUNTS: readonly DemoAccountSeed[] = [
  {
    key: 'member-institution',
    email: 'membre.structure@exemple.fr',
    password: 'Demo-Membre-2026!',
    role: 'member',
    civility: 'mrs',
    firstname: 'Camille',
    lastname: 'Dubreuil',
    job: 'Coordinatrice des Jardins de Garonne',
    institution: 'jardins-garonne',
    sendAlsoToPersonalEmail: true,
  },
  {
    key: 'member',
    email: 'membre@exemple.fr',
    password: 'Demo-Membre-2026!',
    role: 'member',
    civility: 'mr',
    firstname: 'Lucas',
    lastname: 'Peyrat',
    job: 'Maraîcher',
  },
  {
    key: 'moderator',
    email: 'moderation@exemple.fr',
    password: 'Demo-Moderation-2026!',
    role: 'moderator',
    civility: 'mr',
    firstname: 'Karim',
    lastname: 'Haddad',
    job: 'Modérateur de la plateforme',
  },
  {
    key: 'admin',
    email: 'admin@exemple.fr',
    password: 'Demo-Admin-2026!',
    role: 'admin',
    civility: 'mrs',
    firstname: 'Sophie',
    lastname: 'Laborde',
    job: 'Administratrice de la plateforme',
  },
  {
    // A member no other demo relies on: the users back office's browser test deactivates it.
    key: 'member-spare',
    email: 'elodie.garnier@exemple.fr',
    password: 'Demo-Membre-2026!',
    role: 'member',
    civility: 'mrs',
    firstname: 'Élodie',
    lastname: 'Garnier',
    job: 'Cheffe de cuisine en restauration collective',
  },
];
