import type { FaqCategorySeed } from './types.ts';

export const FAQ: readonly FaqCategorySeed[] = [
  {
    key: 'la-plateforme',
    name: 'La plateforme',
    order: 1,
    items: [
      {
        question: 'À quoi sert cette plateforme ?',
        answer:
          '<p>Elle recense et fait connaître les initiatives et démarches en faveur d’une alimentation saine et durable en Nouvelle-Aquitaine, pour inspirer et mettre en relation les acteurs.</p>',
      },
      {
        question: 'Qui porte la plateforme ?',
        answer:
          '<p>Elle est portée par les services régionaux de l’État, en partenariat avec la Région, l’ADEME, des universités et les réseaux de l’alimentation. Voir la page <a href="/a-propos">À propos</a>.</p>',
      },
      {
        question: 'La plateforme est-elle gratuite ?',
        answer:
          '<p>Oui. La consultation est libre et la création d’un compte pour proposer des contenus est gratuite.</p>',
      },
      {
        question: 'Quelle différence entre une initiative et une démarche ?',
        answer:
          '<p>Une <strong>initiative</strong> est une action précise, sur un public limité. Une <strong>démarche</strong> est un projet territorial pluriannuel, doté d’une gouvernance, qui regroupe plusieurs initiatives. Certaines démarches sont des projets alimentaires territoriaux (PAT).</p>',
      },
    ],
  },
  {
    key: 'publier',
    name: 'Publier un contenu',
    order: 2,
    items: [
      {
        question: 'Comment proposer mon initiative ?',
        answer:
          '<p>Créez un compte, renseignez votre structure dans « Ma structure », puis remplissez le formulaire d’initiative depuis votre tableau de bord.</p>',
      },
      {
        question: 'Quels critères doit remplir une initiative ?',
        answer:
          '<p>Elle doit être ancrée en Nouvelle-Aquitaine, relever d’une thématique alimentaire et répondre à <strong>au moins deux des quatre enjeux</strong> : économique, environnemental, santé et solidarité, cohésion territoriale.</p>',
      },
      {
        question: 'Combien de temps dure la modération ?',
        answer:
          '<p>L’équipe relit les contenus proposés sous une à deux semaines. Vous recevez un e-mail lorsque votre contenu est publié.</p>',
      },
      {
        question: 'Puis-je modifier un contenu déjà publié ?',
        answer:
          '<p>Oui, depuis votre tableau de bord. La version publiée reste en ligne jusqu’à la validation de vos modifications par l’équipe.</p>',
      },
    ],
  },
  {
    key: 'compte-donnees',
    name: 'Mon compte et mes données',
    order: 3,
    items: [
      {
        question: 'J’ai oublié mon mot de passe, que faire ?',
        answer:
          '<p>Sur la page de connexion, cliquez sur « Mot de passe oublié » : un lien de réinitialisation vous est envoyé par e-mail.</p>',
      },
      {
        question: 'Mes coordonnées apparaissent-elles dans l’annuaire ?',
        answer:
          '<p>Seules les coordonnées de votre structure apparaissent, et uniquement si vous avez coché « Afficher dans l’annuaire ». Votre adresse personnelle n’est jamais publiée.</p>',
      },
      {
        question: 'Combien de temps mes données sont-elles conservées ?',
        answer:
          '<p>Les données que vous soumettez sont conservées trois ans après leur publication. Consultez notre <a href="/donnees-personnelles">politique de données personnelles</a>.</p>',
      },
      {
        question: 'Comment supprimer mon compte ?',
        answer:
          '<p>Écrivez-nous via le formulaire de contact en choisissant « Aide / accompagnement » ; la suppression est effectuée sous un mois.</p>',
      },
    ],
  },
];
