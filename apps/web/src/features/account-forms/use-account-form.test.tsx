import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client.ts';
import { FormError } from '../forms/form-error.tsx';
import { SubmitButton } from '../forms/submit-button.tsx';
import { ErrorBanner, UploadProgress } from './form-status.tsx';
import { useAccountForm, type SendContext } from './use-account-form.ts';

function Form({ send }: { send: (context: SendContext) => Promise<unknown> }) {
  const form = useAccountForm();
  const [title, setTitle] = useState('');
  const [done, setDone] = useState(false);
  return (
    <form ref={form.formRef} onSubmit={(event) => form.submit(event, send, () => setDone(true))}>
      <ErrorBanner show={form.hasErrors && !form.processing} />
      <FormError message={form.generalError} />
      <fieldset disabled={form.processing}>
        <label htmlFor="title">Titre</label>
        <input id="title" name="title" value={title} onChange={(e) => setTitle(e.target.value)} />
        {form.errorFor('title') ? <p>{form.errorFor('title')}</p> : null}
        <label htmlFor="partner">Partenaire</label>
        <input id="partner" name="technical_partners[0][partner]" />
        <div id="field-description" tabIndex={-1} aria-label="Description" />
        <input aria-label="Adresse" data-error-keys="address_line_1 city postcode" />
      </fieldset>
      <SubmitButton processing={form.processing}>Soumettre mon initiative</SubmitButton>
      <UploadProgress value={form.uploadProgress} />
      <p>Statut : {form.status}</p>
      {done ? <p>Envoyé</p> : null}
    </form>
  );
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

afterEach(cleanup);

const submit = () => screen.getByRole('button', { name: /Soumettre mon initiative/ });

describe('useAccountForm', () => {
  it('locks the form while it sends, ignores a second submit and shows the progress', async () => {
    const request = deferred<unknown>();
    let progress: ((fraction: number) => void) | undefined;
    const send = vi.fn((context: SendContext) => {
      progress = context.onProgress;
      return request.promise;
    });
    render(<Form send={send} />);
    fireEvent.change(screen.getByLabelText('Titre'), { target: { value: 'Jardin' } });
    fireEvent.click(submit());
    fireEvent.submit(submit().closest('form')!);
    expect(send).toHaveBeenCalledTimes(1);
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    expect(submit().getAttribute('aria-busy')).toBe('true');
    expect(screen.getByText('Statut : processing')).toBeTruthy();

    act(() => progress!(0.42));
    expect(screen.getByLabelText('Envoi des fichiers : 42 %')).toBeTruthy();

    await act(async () => request.resolve({}));
    expect(screen.getByText('Envoyé')).toBeTruthy();
    expect(screen.getByText('Statut : success')).toBeTruthy();
    expect(screen.queryByText(/Envoi des fichiers/)).toBeNull();
  });

  it('keeps the first message per key, focuses the first field in error and keeps the values', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(422, 'Données invalides.', {
        'technical_partners.0.partner': ['Le partenaire est obligatoire.'],
        description: ['La description est obligatoire.'],
        title: ['Le titre est obligatoire.', 'Le titre est trop court.'],
      });
    });
    render(<Form send={send} />);
    fireEvent.change(screen.getByLabelText('Titre'), { target: { value: 'J' } });
    await act(async () => fireEvent.click(submit()));

    expect(screen.getByRole('alert', { name: '' }).textContent).toBe(
      'Votre saisie comporte des erreurs.',
    );
    expect(screen.getByText('Le titre est obligatoire.')).toBeTruthy();
    expect(screen.queryByText('Le titre est trop court.')).toBeNull();
    // Page order, not the order of the server's keys.
    expect(document.activeElement).toBe(screen.getByLabelText('Titre'));
    expect((screen.getByLabelText('Titre') as HTMLInputElement).value).toBe('J');
    expect(screen.getByText('Statut : error')).toBeTruthy();
  });

  it('finds a field by its dotted key, its bracket name or its field- id', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(422, 'Données invalides.', {
        description: ['La description est obligatoire.'],
        'technical_partners.0.partner': ['Le partenaire est obligatoire.'],
      });
    });
    render(<Form send={send} />);
    await act(async () => fireEvent.click(submit()));
    expect(document.activeElement).toBe(screen.getByLabelText('Partenaire'));
  });

  it('finds a field that declares the key in data-error-keys', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(422, 'Données invalides.', { postcode: ['Code postal manquant.'] });
    });
    render(<Form send={send} />);
    await act(async () => fireEvent.click(submit()));
    expect(document.activeElement).toBe(screen.getByLabelText('Adresse'));
    expect(screen.queryByText('Code postal manquant.')).toBeNull();
  });

  it('shows the errors no field can show, and other failures, as a general message', async () => {
    const failures = [
      new ApiError(422, 'Données invalides.', { communes: ['Choisissez au moins une commune.'] }),
      new ApiError(500, 'Une erreur est survenue. Veuillez réessayer.'),
    ];
    const send = vi.fn(async () => {
      // A browser takes the focus from the button it disabled (jsdom does not).
      (document.activeElement as HTMLElement | null)?.blur();
      throw failures.shift();
    });
    render(<Form send={send} />);
    submit().focus();
    await act(async () => fireEvent.click(submit()));
    expect(screen.getByText('Choisissez au moins une commune.')).toBeTruthy();
    // No field took the focus (the disabled button lost it): the message has it.
    const message = screen.getByText('Choisissez au moins une commune.').closest('[tabindex="-1"]');
    expect(message).not.toBeNull();
    expect(document.activeElement).toBe(message);
    await act(async () => fireEvent.click(submit()));
    expect(screen.getByText('Une erreur est survenue. Veuillez réessayer.')).toBeTruthy();
    expect(screen.queryByText('Votre saisie comporte des erreurs.')).toBeNull();
  });

  it('leaves the focus where it is when a field has it as the message shows', async () => {
    const send = vi.fn(async () => {
      throw new ApiError(500, 'Une erreur est survenue. Veuillez réessayer.');
    });
    render(<Form send={send} />);
    const title = screen.getByLabelText('Titre');
    title.focus();
    await act(async () => fireEvent.submit(title.closest('form')!));
    expect(screen.getByText('Une erreur est survenue. Veuillez réessayer.')).toBeTruthy();
    expect(document.activeElement).toBe(title);
  });
});
