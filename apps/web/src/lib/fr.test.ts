import { describe, expect, it } from 'vitest';
import { fr } from './fr.ts';

describe('fr.cx', () => {
  it('joins class names as the DSFR does, leaving out what is off', () => {
    expect(fr.cx('fr-container', 'fr-my-6w')).toBe('fr-container fr-my-6w');
    expect(fr.cx('fr-btn', false, null, undefined, true)).toBe('fr-btn');
    expect(fr.cx({ 'fr-btn--secondary': true, 'fr-btn--sm': false, 'fr-mt-2w': null })).toBe(
      'fr-btn--secondary',
    );
    expect(fr.cx(['fr-grid-row', ['fr-grid-row--center', false]], 'fr-col-12')).toBe(
      'fr-grid-row fr-grid-row--center fr-col-12',
    );
    expect(fr.cx()).toBe('');
  });
});
