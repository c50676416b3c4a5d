import { describe, expect, it } from 'vitest';
import { auditActionLabel } from '@ad/contract/account/audit-history';
import { summaryOf, titleFromData } from './audit-history.presenter.ts';

describe('the audit history presenter', () => {
  it('labels known actions, and unknown ones by their verb', () => {
    expect(auditActionLabel('user.deactivate')).toBe('Compte désactivé');
    expect(auditActionLabel('error_report.delete')).toBe('Suppression');
    expect(auditActionLabel('weird')).toBe('weird');
  });

  it('sums up the data of each kind of event in French', () => {
    expect(summaryOf('user.role', 'user', { previous_role: 'moderator', role: 'admin' })).toBe(
      'Modérateur → Administrateur.',
    );
    expect(summaryOf('user.deactivate', 'user', { sessions_closed: 1 })).toBe('1 session fermée.');
    expect(summaryOf('newsletter.export', null, { count: 12 })).toBe('12 abonnés exportés.');
    expect(summaryOf('moderation.correct', 'post', { kind: 'new', fields: ['title', 'x'] })).toBe(
      'Champs corrigés : Titre, x.',
    );
    expect(
      summaryOf('team_settings.update', 'thematics', {
        list: 'thematics',
        name: 'Circuits courts',
        previous_name: 'Circuits-courts',
      }),
    ).toBe('Thématiques : « Circuits-courts » renommé en « Circuits courts ».');
    expect(
      summaryOf('team_settings.move', 'beneficiaries', {
        list: 'beneficiaries',
        name: 'Élèves',
        direction: 'up',
      }),
    ).toBe("Bénéficiaires : « Élèves » monté d'un rang.");
    expect(
      summaryOf('retention.delete', 'post', {
        title: 'Vieille actualité',
        published_at: '2022-01-10T10:00:00.000Z',
        reference_at: '2022-06-01T10:00:00.000Z',
      }),
    ).toBe('Publié le 10/01/2022, sans mise à jour depuis le 01/06/2022.');
    expect(summaryOf('post.update', 'post', { outcome: 'revision' })).toBe(
      "Modification d'un contenu publié, en attente de relecture.",
    );
    expect(summaryOf('post.update', 'post', { outcome: 'updated' })).toBeNull();
    const long = 'x'.repeat(600);
    expect(summaryOf('moderation.refuse', 'post', { comment: long })?.length).toBe(
      'Commentaire : '.length + 500,
    );
  });

  it('keeps the title an event recorded', () => {
    expect(titleFromData({ name: 'Guide' })).toBe('Guide');
    expect(titleFromData({ title: '' })).toBeNull();
  });
});
