import { describe, expect, it } from 'vitest';
import { INVALID_MESSAGE, REQUIRED_MESSAGE, emailError, isValidEmail } from './validation.ts';

describe('e-mail check', () => {
  it('accepts standard addresses and refuses malformed ones', () => {
    expect(isValidEmail('nom@domaine.fr')).toBe(true);
    expect(isValidEmail('prenom.nom+tag@sous.domaine.gouv.fr')).toBe(true);
    expect(isValidEmail('nom@domaine')).toBe(false);
    expect(isValidEmail('nom domaine.fr')).toBe(false);
    expect(isValidEmail('@domaine.fr')).toBe(false);
  });

  it('gives the global messages of the spec', () => {
    expect(emailError('  ')).toBe(REQUIRED_MESSAGE);
    expect(REQUIRED_MESSAGE).toBe('Vous devez renseigner ce champ. ');
    expect(emailError('nom@')).toBe(INVALID_MESSAGE);
    expect(emailError('nom@domaine.fr')).toBeNull();
  });
});
