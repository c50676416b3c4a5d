import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeamErrorReport } from '@ad/contract/error-reports';
import { ApiError, api } from '../../lib/api-client.ts';
import { ErrorReportList, ResolveOutcome, useResolveErrorReport } from './error-report-list.tsx';

vi.mock('../../lib/api-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/api-client.ts')>()),
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), patch: vi.fn(), delete: vi.fn() },
}));

const REPORT: TeamErrorReport = {
  id: 41,
  message: 'Le marché a lieu le samedi,\npas le dimanche.',
  email: 'lea@exemple.fr',
  created_at: '2026-03-05T09:00:00.000Z',
  item: {
    type: 'initiatives',
    type_label: 'Initiative',
    id: 7,
    title: 'Marché de producteurs de Cognac',
    moderation_status: 'published',
    public_path: '/initiatives/initiative/7',
    review_path: '/moderation/initiatives/7',
  },
  item_open_reports: 2,
};

function Reports({ withItem, reports }: { withItem: boolean; reports: TeamErrorReport[] }) {
  const resolving = useResolveErrorReport();
  return (
    <>
      <ResolveOutcome state={resolving} />
      <ErrorReportList
        reports={reports}
        withItem={withItem}
        headingLevel="h3"
        resolving={resolving}
      />
    </>
  );
}

function show(withItem: boolean, reports: TeamErrorReport[] = [REPORT]) {
  const client = new QueryClient();
  const invalidate = vi.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Reports reports={reports} withItem={withItem} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { invalidate };
}

beforeEach(() => vi.mocked(api.post).mockReset());
afterEach(cleanup);

describe('ErrorReportList', () => {
  it('names the item with its links, the message and the address to answer', () => {
    show(true);
    const entry = screen.getByRole('article', {
      name: 'Initiative : Marché de producteurs de Cognac',
    });
    expect(within(entry).getByText(/pas le dimanche/).textContent).toBe(REPORT.message);
    expect(within(entry).getByRole('link', { name: 'lea@exemple.fr' }).getAttribute('href')).toBe(
      'mailto:lea@exemple.fr',
    );
    expect(within(entry).getByText(/2 signalements ouverts sur cette fiche/)).toBeTruthy();
    expect(
      within(entry)
        .getByRole('link', { name: /Ouvrir la fiche dans la modération/ })
        .getAttribute('href'),
    ).toBe('/moderation/initiatives/7');
    expect(
      within(entry)
        .getByRole('link', { name: /Voir la fiche publique/ })
        .getAttribute('href'),
    ).toBe('/initiatives/initiative/7');
  });

  it('on a review page, dates the report instead of naming the item', () => {
    show(false, [{ ...REPORT, email: null }]);
    expect(screen.getByRole('heading', { name: /^Signalement du/ })).toBeTruthy();
    expect(screen.getByText(/sans adresse e-mail/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Ouvrir la fiche/ })).toBeNull();
  });

  it('marks a report dealt with, announces it and refreshes the lists', async () => {
    vi.mocked(api.post).mockResolvedValueOnce({
      message: 'Le signalement est marqué comme traité.',
    });
    const { invalidate } = show(true);
    fireEvent.click(
      screen.getByRole('button', {
        name: /^Marquer comme traité \(signalement du 0?5 mars 2026 sur « Marché de producteurs de Cognac »\)$/,
      }),
    );
    expect(await screen.findByText('Le signalement est marqué comme traité.')).toBeTruthy();
    expect(api.post).toHaveBeenCalledWith('/api/moderation/error-reports/41/resolve');
    expect(invalidate).toHaveBeenCalled();

    vi.mocked(api.post).mockRejectedValueOnce(
      new ApiError(404, "La ressource demandée n'existe pas."),
    );
    fireEvent.click(screen.getByRole('button', { name: /^Marquer comme traité/ }));
    expect(await screen.findByText("La ressource demandée n'existe pas.")).toBeTruthy();
  });
});
