import { COOKIES, type PageConfig } from '@ad/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { FALLBACK_PAGE_CONFIG, PageConfigProvider } from '../../app/page-config.ts';
import { ConfidentialityPage } from './confidentiality-page.tsx';
import { LegalNoticePage } from './legal-notice-page.tsx';

const config: PageConfig = {
  ...FALLBACK_PAGE_CONFIG,
  settings: {
    ...FALLBACK_PAGE_CONFIG.settings,
    helpPhone: '05 56 00 00 00',
    tileAttribution: '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>',
    publisher: {
      name: 'Éditeur régional',
      address: '1 rue de la République, 33000 Bordeaux',
      director: 'Prénom Nom',
      email: 'contact@exemple.fr',
    },
    host: {
      name: 'Hébergeur SAS',
      address: '2 rue du Serveur, 59100 Roubaix',
      phone: '+33 3 00 00 00 00',
    },
  },
};

function renderWithConfig(children: ReactNode) {
  return render(
    <PageConfigProvider value={config}>
      <MemoryRouter>{children}</MemoryRouter>
    </PageConfigProvider>,
  );
}

afterEach(cleanup);

describe('LegalNoticePage', () => {
  it('shows the configured publisher and host and the geographic data sources', () => {
    renderWithConfig(<LegalNoticePage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Mentions légales');
    expect(screen.getByText(/Éditeur régional/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'contact@exemple.fr' }).getAttribute('href')).toBe(
      'mailto:contact@exemple.fr',
    );
    expect(screen.getByRole('link', { name: '+33 3 00 00 00 00' }).getAttribute('href')).toBe(
      'tel:+33300000000',
    );
    expect(
      screen.getByText(/IGN Admin Express COG 2018 via gregoiredavid\/france-geojson/),
    ).toBeTruthy();
    expect(screen.getByText(/© OpenStreetMap/)).toBeTruthy();
    expect(screen.getByText('Accessibilité : partiellement conforme.')).toBeTruthy();
  });
});

describe('ConfidentialityPage', () => {
  it('states the retention periods and lists every cookie in a captioned table', () => {
    renderWithConfig(<ConfidentialityPage />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(
      'Politique de confidentialité',
    );
    expect(screen.getAllByText('3 ans après leur publication').length).toBeGreaterThan(0);
    expect(screen.getByText('14 mois')).toBeTruthy();
    expect(screen.getByText(/moins de 16 ans/)).toBeTruthy();

    const table = screen.getByRole('table', { name: 'Cookies déposés par le site' });
    for (const cookie of COOKIES) {
      const row = within(table).getByText(cookie.name).closest('tr');
      expect(row?.textContent).toContain(cookie.purpose);
      expect(row?.textContent).toContain(cookie.duration);
    }
  });
});
