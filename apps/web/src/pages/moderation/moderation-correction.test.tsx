import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ModerationReview } from '@ad/contract/account/moderation';
import type { PostOptions } from '@ad/contract/account/publications';
import { createQueryClient } from '../../app/query-client.ts';
import { submitMultipart } from '../../features/account-forms/submit-multipart.ts';
import { api } from '../../lib/api-client.ts';
import { CorrectionForm } from './moderation-correction.tsx';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client.ts')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));
vi.mock('../../features/account-forms/submit-multipart.ts', () => ({ submitMultipart: vi.fn() }));

const OPTIONS: PostOptions = {
  categories: [{ id: 3, name: 'Appel à projets' }],
  resource: {
    id: 12,
    moderation_status: 'pending',
    moderation_status_label: 'En cours de modération',
    category_id: 3,
    title: 'Apel a projet',
    authors: 'Camille Martin',
    description: '<p>Le texte.</p>',
    external_url: null,
    featured_image: null,
  },
};

const REVIEW = {
  type: 'posts',
  type_label: 'Actualité',
  id: 12,
  kind: 'new',
  title: 'Apel a projet',
} as ModerationReview;

function renderForm() {
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <CorrectionForm review={REVIEW} onSaved={onSaved} onCancel={onCancel} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { onSaved, onCancel };
}

beforeEach(() => {
  vi.mocked(api.get).mockReset().mockResolvedValue(OPTIONS);
  vi.mocked(submitMultipart).mockReset();
});
afterEach(cleanup);

describe('CorrectionForm', () => {
  it("fills the member's form with the submission and sends the correction to the moderation API", async () => {
    vi.mocked(submitMultipart).mockResolvedValue({
      message: 'La contribution a bien été corrigée.',
      data: { id: 12 },
    });
    const { onSaved } = renderForm();
    const title = (await screen.findByRole('textbox', { name: /Titre/ })) as HTMLInputElement;
    expect(api.get).toHaveBeenCalledWith('/api/moderation/items/posts/12/form', expect.anything());
    expect(title.value).toBe('Apel a projet');
    // No note telling the moderator their proposal will be reviewed.
    expect(screen.queryByText(/sera relue par notre équipe/)).toBeNull();

    fireEvent.change(title, { target: { value: 'Appel à projets' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer la correction' }));

    await vi.waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith('La contribution a bien été corrigée.'),
    );
    const [method, url, body] = vi.mocked(submitMultipart).mock.calls[0]!;
    expect(method).toBe('POST');
    expect(url).toBe('/api/moderation/items/posts/12');
    expect((body as FormData).get('title')).toBe('Appel à projets');
    expect((body as FormData).get('_method')).toBe('put');
    // No success modal: the review page shows the message.
    expect(screen.queryByRole('dialog')).toBeNull();
    // The rich-text editor makes the first render slow on a loaded machine.
  }, 20_000);

  it('goes back to the review with « Annuler la correction »', async () => {
    const { onCancel } = renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Annuler la correction' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(submitMultipart).not.toHaveBeenCalled();
  });
});
