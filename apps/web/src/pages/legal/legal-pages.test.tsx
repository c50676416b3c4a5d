import { COOKIES, type PageConfig } from '@ad/contract';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { FALLBACK_PAGE_CONFIG, PageConfigProvider } from '../../app/page-config.ts';
import { ConfidentialityPage, sessionDuration } from './confidentiality-page.tsx';
import { LegalNoticePage } from './legal-notice-page.tsx';

const config: PageConfig = {
  ...FALLBACK_PAGE_CONFIG,
  settings: {
    ...FALLBACK_PAGE_CONFIG.settings,
    appUrl: 'https://alimentation.exemple.fr',
    sessionLifetimeMinutes: 90,
    sessionRememberDays: 30,
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

function renderWithConfig(children: ReactNode, value: PageConfig = config) {
  return render(
    <PageConfigProvider value={value}>
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

    const table = screen.getByRole('table', {
      name: 'Cookies et stockage local utilisés par le site',
    });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual(['Nom', 'Type de stockage', 'Finalité', 'Durée de conservation']);
    for (const cookie of COOKIES) {
      const row = within(table).getByText(cookie.name).closest('tr');
      expect(row?.textContent).toContain(cookie.storage);
      expect(row?.textContent).toContain(cookie.purpose);
      if (cookie.name !== 'ad_session') expect(row?.textContent).toContain(cookie.duration);
    }
    // The session lifetime comes from the settings (90 minutes here).
    const session = within(table).getByText('ad_session').closest('tr');
    expect(session?.textContent).toContain(
      '1 h 30 sans activité ; 30 jours avec « Se souvenir de moi »',
    );
    expect(
      within(table).getByText('@codegouvfr/react-dsfr finalityConsent').closest('tr')?.textContent,
    ).toContain('stockage local');
  });

  it('says audience cookies need an enabled tool and consent, and where choices are kept', () => {
    renderWithConfig(<ConfidentialityPage />, {
      ...config,
      settings: { ...config.settings, cookieConsentEnabled: true },
    });
    expect(screen.getByText(/conservés dans le stockage local de votre navigateur/)).toBeTruthy();
    expect(
      screen.getByText(/ne sont déposés que si une mesure d'audience est activée sur le site/),
    ).toBeTruthy();
    expect(screen.queryByText(/Intérêt légitime/)).toBeNull();
  });
});

describe('sessionDuration', () => {
  it('writes the idle lifetime of the session in words', () => {
    expect(sessionDuration(120)).toBe('2 heures sans activité');
    expect(sessionDuration(60)).toBe('1 heure sans activité');
    expect(sessionDuration(90)).toBe('1 h 30 sans activité');
    expect(sessionDuration(125)).toBe('2 h 05 sans activité');
    expect(sessionDuration(45)).toBe('45 minutes sans activité');
    expect(sessionDuration(1)).toBe('1 minute sans activité');
  });
});
