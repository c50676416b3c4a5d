import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapFilters } from '@ad/contract';
import { ApiError, api } from '../../lib/api-client.ts';
import { ExportReportDialog } from './export-report-dialog.tsx';
import { ExportReportForm, NO_CRITERIA_TEXT, type ExportCriteria } from './export-report-form.tsx';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client.ts')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));
vi.mock('../captcha/altcha-widget.tsx', () => ({
  AltchaWidget: ({ onChange }: { onChange: (answer: string) => void }) => (
    <button type="button" onClick={() => onChange('captcha-answer')}>
      Je ne suis pas un robot
    </button>
  ),
}));

const SUCCESS =
  'Merci, votre demande a bien été envoyée. Vous allez recevoir un e-mail contenant le rapport demandé selon les critères sélectionnés.';

const THEME = { id: 3, name: 'Nutrition santé', color: '#18753C', class: 'thematic-nutrition' };
const FILTERS: MapFilters = {
  locations: [
    { code: '33', name: 'Gironde' },
    { code: '86', name: 'Vienne' },
  ],
  project_holder_types: [
    { id: 1, name: 'Association' },
    { id: 2, name: 'Collectivité territoriale' },
  ],
  beneficiaries: [
    { id: 7, name: 'Enfants' },
    { id: 8, name: 'Familles' },
  ],
  subthematics: [
    {
      thematic: THEME,
      subthematics: [
        { id: 11, name: 'Restauration collective' },
        { id: 12, name: 'Éducation alimentaire' },
      ],
    },
  ],
  types: [
    { value: 'all', label: 'Initiatives et démarches' },
    { value: 'initiatives', label: 'Initiatives uniquement' },
    { value: 'foodProcedures', label: 'Démarches uniquement' },
  ],
  periods: [
    { value: 'current-year', label: 'Année en cours' },
    { value: 'last-year', label: 'Année précédente' },
    { value: 'all', label: 'Toutes les périodes' },
  ],
  themes: [THEME],
};

const CRITERIA: ExportCriteria = {
  subthematics: [12],
  projectHolders: [1, 2],
  beneficiaries: [],
  locations: ['86'],
};
const NONE: ExportCriteria = {
  subthematics: [],
  projectHolders: [],
  beneficiaries: [],
  locations: [],
};

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

async function fillAndSend() {
  fireEvent.change(field('Votre e-mail'), { target: { value: 'elise@exemple.fr' } });
  fireEvent.click(await screen.findByRole('button', { name: 'Je ne suis pas un robot' }));
  fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
}

beforeEach(() => {
  vi.mocked(api.post).mockReset();
});
afterEach(cleanup);

describe('ExportReportForm', () => {
  it('shows the criteria by name, posts them with the default type and period, then the success message', async () => {
    vi.mocked(api.post).mockResolvedValue({ message: SUCCESS });
    const onSent = vi.fn();
    render(<ExportReportForm criteria={CRITERIA} filters={FILTERS} onSent={onSent} />);

    expect(field('Votre e-mail').type).toBe('email');
    expect(field('Votre e-mail').required).toBe(true);
    const summary = screen.getByRole('list', { name: 'Critères sélectionnés sur la carte' });
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Départements : Vienne (86)',
      'Sous-thématiques : Éducation alimentaire',
      'Porteurs de projet : Association, Collectivité territoriale',
    ]);
    expect((screen.getByLabelText('Type') as HTMLSelectElement).value).toBe('all');
    expect((screen.getByLabelText('Période') as HTMLSelectElement).value).toBe('current-year');
    expect(
      within(screen.getByLabelText('Période'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Année en cours', 'Année précédente', 'Toutes les périodes']);

    await fillAndSend();

    expect(await screen.findByText(SUCCESS)).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/api/export-report', {
      email: 'elise@exemple.fr',
      subthematics: [12],
      projectHolders: [1, 2],
      beneficiaries: [],
      locations: ['86'],
      type: 'all',
      period: 'current-year',
      recaptcha_response: 'captcha-answer',
      recaptcha_verified: false,
      email_address_check: '',
    });
    expect(onSent).toHaveBeenCalledWith(SUCCESS);
    expect(screen.queryByRole('button', { name: 'Envoyer' })).toBeNull();
  });

  it('says when no criterion is selected, and sends the chosen type and period', async () => {
    vi.mocked(api.post).mockResolvedValue({ message: SUCCESS });
    render(<ExportReportForm criteria={NONE} ignored={[]} filters={FILTERS} />);
    expect(screen.getByText(NO_CRITERIA_TEXT)).toBeTruthy();
    expect(NO_CRITERIA_TEXT).toBe('Aucun critère : toutes les initiatives et démarches');

    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'foodProcedures' } });
    fireEvent.change(screen.getByLabelText('Période'), { target: { value: 'last-year' } });
    await fillAndSend();
    await screen.findByText(SUCCESS);
    expect(api.post).toHaveBeenCalledWith(
      '/api/export-report',
      expect.objectContaining({
        subthematics: [],
        projectHolders: [],
        beneficiaries: [],
        locations: [],
        type: 'foodProcedures',
        period: 'last-year',
      }),
    );
  });

  it("shows the server's field errors under their fields (422)", async () => {
    vi.mocked(api.post).mockRejectedValueOnce(
      new ApiError(422, "L'adresse e-mail n'est pas valide.", {
        email: ["L'adresse e-mail n'est pas valide."],
        period: ['La période sélectionnée est invalide.'],
      }),
    );
    render(<ExportReportForm criteria={CRITERIA} filters={FILTERS} />);
    await fillAndSend();

    const message = await screen.findByText("L'adresse e-mail n'est pas valide.");
    const emailGroup = field('Votre e-mail').closest('.fr-input-group')!;
    expect(emailGroup.contains(message)).toBe(true);
    expect(emailGroup.classList.contains('fr-input-group--error')).toBe(true);
    const periodGroup = screen.getByLabelText('Période').closest('.fr-select-group')!;
    expect(within(periodGroup as HTMLElement).getByText('La période sélectionnée est invalide.'));
    // Nothing typed is lost, the form stays, no general error above it.
    expect(field('Votre e-mail').value).toBe('elise@exemple.fr');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(SUCCESS)).toBeNull();
    // No error on the captcha: it counts as verified (spec §4).
    expect(screen.getByText('Vérification anti-robot déjà effectuée.')).toBeTruthy();
  });

  it('shows an error about the criteria above the form', async () => {
    const message = 'Les sous-thématiques sélectionnées sont invalides.';
    vi.mocked(api.post).mockRejectedValueOnce(
      new ApiError(422, 'Les informations fournies ne sont pas valides.', {
        subthematics: [message],
      }),
    );
    render(<ExportReportForm criteria={CRITERIA} filters={FILTERS} />);
    await fillAndSend();
    expect((await screen.findByRole('alert')).textContent).toContain(message);
  });

  it('names the criteria of the map that the report does not take', () => {
    render(
      <ExportReportForm
        criteria={NONE}
        ignored={['Thématiques', 'Recherche « bio »']}
        filters={FILTERS}
      />,
    );
    expect(screen.getByText(NO_CRITERIA_TEXT)).toBeTruthy();
    expect(
      screen.getByText('Non pris en compte dans le rapport : Thématiques, Recherche « bio ».'),
    ).toBeTruthy();
  });
});

describe('ExportReportDialog', () => {
  it('is titled "Demander un rapport", and closing it resets the form and its success state', async () => {
    vi.mocked(api.post).mockResolvedValue({ message: SUCCESS });
    const onClose = vi.fn();
    const { rerender } = render(
      <ExportReportDialog open onClose={onClose} criteria={NONE} ignored={[]} filters={FILTERS} />,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Demander un rapport' })).toBeTruthy();
    // The form's code is loaded at the first opening.
    await screen.findByLabelText('Votre e-mail');
    await fillAndSend();
    expect(await screen.findByText(SUCCESS)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(onClose).toHaveBeenCalled();
    rerender(
      <ExportReportDialog
        open={false}
        onClose={onClose}
        criteria={NONE}
        ignored={[]}
        filters={FILTERS}
      />,
    );
    rerender(
      <ExportReportDialog open onClose={onClose} criteria={NONE} ignored={[]} filters={FILTERS} />,
    );
    expect(screen.queryByText(SUCCESS)).toBeNull();
    expect(field('Votre e-mail').value).toBe('');
  });

  it('waits for the filter options with a loader', () => {
    render(
      <ExportReportDialog
        open
        onClose={() => {}}
        criteria={NONE}
        ignored={[]}
        filters={undefined}
      />,
    );
    expect(screen.getByRole('status', { name: 'Chargement' })).toBeTruthy();
    expect(screen.queryByLabelText('Votre e-mail')).toBeNull();
  });
});
