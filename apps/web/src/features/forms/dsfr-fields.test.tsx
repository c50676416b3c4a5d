import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Checkbox, Input, PasswordInput, Select } from './dsfr-fields.tsx';

afterEach(cleanup);

describe('DSFR fields', () => {
  it('mark a field in error as invalid, linked to its message', () => {
    render(
      <>
        <Input label="Titre" state="error" stateRelatedMessage="Le champ titre est obligatoire." />
        <Input label="Description" textArea state="error" stateRelatedMessage="Trop long." />
        <Select
          label="Catégorie"
          state="error"
          stateRelatedMessage="Choix invalide."
          nativeSelectProps={{}}
        >
          <option value="">Choisir</option>
        </Select>
        <PasswordInput
          label="Mot de passe"
          messages={[{ severity: 'error', message: 'Le mot de passe est trop court.' }]}
        />
        <Checkbox
          state="error"
          stateRelatedMessage="Vous devez accepter les conditions."
          options={[{ label: "J'accepte les conditions", nativeInputProps: {} }]}
        />
      </>,
    );
    expect(
      screen
        .getByRole('checkbox', { name: "J'accepte les conditions" })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    for (const [name, message] of [
      ['Titre', 'Le champ titre est obligatoire.'],
      ['Description', 'Trop long.'],
      ['Catégorie', 'Choix invalide.'],
      ['Mot de passe', 'Le mot de passe est trop court.'],
    ] as const) {
      const field = screen.getByLabelText(name, {
        exact: false,
        selector: 'input:not([type=checkbox]), textarea, select',
      });
      expect(field.getAttribute('aria-invalid'), name).toBe('true');
      const described = (field.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      expect(described, name).toContain(message);
    }
  });

  it('leave a field without error unmarked', () => {
    render(
      <>
        <Input label="Titre" nativeInputProps={{ 'aria-invalid': undefined }} />
        <Select label="Catégorie" nativeSelectProps={{}}>
          <option value="">Choisir</option>
        </Select>
        <PasswordInput label="Mot de passe" messages={[]} />
        <Checkbox options={[{ label: "J'accepte les conditions", nativeInputProps: {} }]} />
      </>,
    );
    expect(
      screen
        .getByRole('checkbox', { name: "J'accepte les conditions" })
        .hasAttribute('aria-invalid'),
    ).toBe(false);
    for (const name of ['Titre', 'Catégorie', 'Mot de passe']) {
      const field = screen.getByLabelText(name, { selector: 'input:not([type=checkbox]), select' });
      expect(field.hasAttribute('aria-invalid'), name).toBe(false);
    }
  });
});
