import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { EmailLinkPage } from './email-link-page.tsx';

afterEach(cleanup);

const INCOMPLETE = "Ce lien est incomplet. Copiez l'adresse complète du lien reçu par e-mail.";

function renderAt(url: string, params: readonly string[]) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <EmailLinkPage
        title="Confirmer"
        text="Un clic pour confirmer."
        button="Valider"
        params={params}
      />
    </MemoryRouter>,
  );
}

describe('EmailLinkPage', () => {
  it('shows one button in a plain form that posts to the same URL, path and query', () => {
    const { container } = renderAt('/initiative-a-jour/42?expires=1&signature=abc', [
      'expires',
      'signature',
    ]);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Confirmer');
    expect(screen.getByText('Un clic pour confirmer.')).toBeTruthy();
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/initiative-a-jour/42?expires=1&signature=abc');
    expect(screen.getByRole('button', { name: 'Valider' }).getAttribute('type')).toBe('submit');
  });

  it('posts without the trailing slash that the route table also matches', () => {
    const { container } = renderAt('/newsletter/confirmation/?token=abc', ['token']);
    expect(container.querySelector('form')!.getAttribute('action')).toBe(
      '/newsletter/confirmation?token=abc',
    );
  });

  it('says that the link is incomplete when one of its parameters is missing or empty', () => {
    for (const url of [
      '/initiative-a-jour/42?expires=1',
      '/initiative-a-jour/42?expires=1&signature=',
    ]) {
      const { container } = renderAt(url, ['expires', 'signature']);
      expect(screen.getByText(INCOMPLETE)).toBeTruthy();
      expect(container.querySelector('form')).toBeNull();
      cleanup();
    }
  });
});
