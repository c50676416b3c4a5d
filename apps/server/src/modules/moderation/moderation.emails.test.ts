import { describe, expect, it } from 'vitest';
import { testConfig } from '../../env.ts';
import { createModerationEmails } from './moderation.emails.tsx';

describe('moderation e-mails', () => {
  const emails = createModerationEmails(testConfig());
  const decision = (
    outcome: 'publish' | 'refuse' | 'request_changes' | 'unpublish',
    feminine: boolean,
  ) =>
    emails.decision({
      to: 'auteur@exemple.fr',
      firstname: 'Élise',
      outcome,
      edit: false,
      yours: feminine ? 'votre actualité' : 'votre évènement',
      feminine,
      title: 'Marché de producteurs',
      comment: null,
      link: 'http://localhost/mon-compte',
    });

  it('agrees with the item: « votre actualité » is feminine, « votre évènement » masculine', async () => {
    expect((await decision('publish', true)).text).toContain(
      "L'équipe a relu et publié votre actualité « Marché de producteurs ». Elle est maintenant visible sur le site.",
    );
    expect((await decision('publish', false)).text).toContain(
      "L'équipe a relu et publié votre évènement « Marché de producteurs ». Il est maintenant visible sur le site.",
    );
    expect((await decision('refuse', false)).text).toContain(
      "L'équipe a relu votre évènement « Marché de producteurs » et ne l'a pas publié.",
    );
    expect((await decision('request_changes', false)).text).toContain(
      'et vous demande de le modifier avant sa publication.',
    );
    expect((await decision('request_changes', true)).text).toContain(
      'et vous demande de la modifier avant sa publication.',
    );
    expect((await decision('unpublish', false)).text).toContain(
      "du site : il n'est plus visible du public.",
    );
  });
});
