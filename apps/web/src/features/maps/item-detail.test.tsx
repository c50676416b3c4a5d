import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MapItemDetail } from '@ad/contract';
import { ItemDetail, formatItemDate } from './item-detail.tsx';

/** French numbers are written with narrow no-break spaces: compare with plain spaces. */
const plain = (text: string | null | undefined) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

const FULL: MapItemDetail = {
  id: 12,
  resource_type: 'initiative',
  title: 'Cantine bio de Poitiers',
  summary: '<p>Des repas <strong>bio</strong> et locaux.</p>',
  latitude: 46.58,
  longitude: 0.34,
  city: 'Poitiers',
  department: { code: '86', name: 'Vienne' },
  project_holder: { name: 'Collectivité territoriale' },
  thematic: { name: 'Nutrition santé', color: '#18753C', class: 'thematic-nutrition' },
  secondary_thematic: { name: 'Économie alimentaire' },
  thematics_detail: [],
  subthematics: [{ name: 'Restauration collective' }, { name: 'Circuits courts' }],
  food_procedure_id: 5,
  food_procedure: { title: 'PAT du Grand Poitiers' },
  area_of_influence: { name: 'Intercommunale' },
  territory_of_realization: 'Grand Poitiers',
  communes: [{ name_formatted: 'Poitiers (86000)' }, { name_formatted: 'Buxerolles (86180)' }],
  communities_of_communes: [{ name: 'Grand Poitiers Communauté urbaine' }],
  beneficiaries: [{ name: 'Enfants' }, { name: 'Familles' }],
  technical_partners: [{ partner: 'Chambre d’agriculture' }],
  financial_partners: [{ partner: 'Région Nouvelle-Aquitaine', device: 'Appel à projets 2024' }],
  nb_team_members: 4,
  project_cost: 12500,
  released_at: '2025-03-03',
  ended_at: '2026-12-31',
  status_for_humans: 'En cours',
  pdf_url: '/api/initiatives/12/pdf',
  logos: [{ thumbs: '/storage/logos/ville.png', name: 'Ville de Poitiers' }],
  is_pat: 0,
  contact: {
    id: 31,
    society_name: 'Ville de Poitiers',
    type: { name: 'Collectivité' },
    avatar_url: null,
    address_line_1: '15 place du Maréchal Leclerc',
    address_line_2: null,
    postcode: '86000',
    city: 'Poitiers',
    phone: '05 49 52 35 35',
    website_url: 'https://www.poitiers.fr/',
    society_email: true,
    thematics: [{ name: 'Économie alimentaire', color: '#e4794a', class: 'economie' }],
    initiatives: [{ id: 12, title: 'Cantine bio de Poitiers' }],
    food_procedures: [],
  },
  documents: [{ name: 'Bilan 2024', file: '/storage/documents/bilan.pdf', size: 1_258_291 }],
  pqna_external_url: 'https://partenaire.example.org/fiche/12',
  context: 'Première ligne\nDeuxième ligne',
  objectives: 'Servir 100 % de produits locaux.',
  implementation_of_actions: 'Formation des cuisiniers.',
  keys_to_success: 'Une équipe motivée.',
  potential_brakes: 'Le coût des denrées.',
  prospects_for_future: 'Étendre aux collèges.',
  originality_of_approach: 'Un potager pédagogique.',
  website_urls: [{ website_url: 'https://www.cantine-poitiers.fr/' }],
};

const EMPTY: MapItemDetail = {
  ...FULL,
  id: 13,
  title: 'Initiative sans détails',
  summary: null,
  city: null,
  department: null,
  project_holder: null,
  thematic: null,
  secondary_thematic: null,
  subthematics: [],
  food_procedure_id: null,
  food_procedure: null,
  area_of_influence: null,
  territory_of_realization: null,
  communes: [],
  communities_of_communes: [],
  beneficiaries: [],
  technical_partners: [],
  financial_partners: [],
  nb_team_members: null,
  project_cost: null,
  released_at: null,
  ended_at: null,
  status_for_humans: null,
  logos: [],
  contact: null,
  documents: [],
  pqna_external_url: null,
  context: null,
  objectives: null,
  implementation_of_actions: null,
  keys_to_success: null,
  potential_brakes: null,
  prospects_for_future: null,
  originality_of_approach: null,
  website_urls: [],
};

function show(item: MapItemDetail) {
  const onShowRelated = vi.fn();
  const onAskContact = vi.fn();
  const view = render(
    <MemoryRouter initialEntries={['/initiatives/initiative/1?thematics=3&south=44.1']}>
      <ItemDetail
        item={item}
        onShowRelated={onShowRelated}
        onAskContact={onAskContact}
        titleId="detail-title"
      />
    </MemoryRouter>,
  );
  return { ...view, onShowRelated, onAskContact };
}

/** The value shown for a label of the fields list. */
function valueOf(label: string): string {
  const term = screen.getByText(label, { selector: 'dt' });
  return plain(term.nextElementSibling?.textContent);
}

afterEach(cleanup);

describe('ItemDetail', () => {
  it('shows the title as the focusable h2 named by titleId, and every field with its label', () => {
    const { container } = show(FULL);
    const title = screen.getByRole('heading', { level: 2, name: 'Cantine bio de Poitiers' });
    expect(title.id).toBe('detail-title');
    expect(title.getAttribute('tabindex')).toBe('-1');

    expect(screen.getByText('Nutrition santé')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 3, name: 'Résumé' })).toBeTruthy();
    // The summary is the server's sanitised HTML, rendered as HTML.
    expect(screen.getByText('bio', { selector: 'strong' })).toBeTruthy();

    expect(valueOf('Porteur de projet')).toBe('Collectivité territoriale');
    expect(valueOf('Localisation')).toBe('Poitiers, Vienne (86)');
    expect(valueOf('Thématique secondaire')).toBe('Économie alimentaire');
    expect(valueOf('Sous-thématiques')).toBe('Restauration collective, Circuits courts');
    expect(valueOf("Aire d'influence")).toBe('Intercommunale');
    expect(valueOf('Territoire de réalisation')).toBe('Grand Poitiers');
    expect(valueOf('Communes')).toBe('Poitiers (86000), Buxerolles (86180)');
    expect(valueOf('Communautés de communes')).toBe('Grand Poitiers Communauté urbaine');
    expect(valueOf('Bénéficiaires')).toBe('Enfants, Familles');
    expect(valueOf('Partenaires techniques')).toBe('Chambre d’agriculture');
    expect(valueOf('Partenaires financiers')).toBe(
      'Région Nouvelle-Aquitaine — Appel à projets 2024',
    );
    expect(valueOf("Nombre de membres de l'équipe")).toBe('4');
    expect(valueOf('Coût du projet')).toBe('12 500 €');
    expect(valueOf('Date de lancement')).toBe('3 mars 2025');
    expect(valueOf('Date de fin')).toBe('31 décembre 2026');
    expect(valueOf("État d'avancement")).toBe('En cours');

    const procedure = screen.getByRole('link', { name: 'PAT du Grand Poitiers' });
    // The page's query stays (spec §2: closing the modal returns to the page keeping it).
    expect(procedure.getAttribute('href')).toBe('/initiatives/demarche/5?thematics=3&south=44.1');

    for (const [heading, text] of [
      ['Contexte', 'Première ligne\nDeuxième ligne'],
      ['Objectifs', 'Servir 100 % de produits locaux.'],
      ['Mise en œuvre des actions', 'Formation des cuisiniers.'],
      ['Clés de réussite', 'Une équipe motivée.'],
      ['Freins potentiels', 'Le coût des denrées.'],
      ['Perspectives', 'Étendre aux collèges.'],
      ['Originalité de la démarche', 'Un potager pédagogique.'],
    ] as const) {
      const section = screen.getByRole('heading', { level: 3, name: heading }).parentElement!;
      // Plain text, its line breaks kept (white-space: pre-line on this class).
      const paragraph = section.querySelector('.app-item-detail__text');
      expect(paragraph?.textContent).toBe(text);
    }

    const site = screen.getByRole('link', { name: 'cantine-poitiers.fr' });
    expect(site.getAttribute('href')).toBe('https://www.cantine-poitiers.fr/');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toContain('noopener');
    expect(site.getAttribute('title')).toBe('cantine-poitiers.fr - nouvelle fenêtre');

    expect(screen.getByRole('img', { name: 'Ville de Poitiers' }).getAttribute('src')).toBe(
      '/storage/logos/ville.png',
    );

    const document = screen.getByRole('link', { name: /Bilan 2024/ });
    expect(document.getAttribute('href')).toBe('/storage/documents/bilan.pdf');
    expect(plain(document.textContent)).toBe('Bilan 2024PDF – 1,2 Mo');

    const partner = screen.getByRole('link', { name: 'Voir la fiche sur le site partenaire' });
    expect(partner.getAttribute('href')).toBe('https://partenaire.example.org/fiche/12');
    expect(partner.getAttribute('target')).toBe('_blank');
    expect(
      screen.getByRole('link', { name: 'Télécharger la fiche (PDF)' }).getAttribute('href'),
    ).toBe('/api/initiatives/12/pdf');

    const contact = within(
      screen.getByRole('heading', { level: 3, name: 'Contact' }).closest('section')!,
    );
    expect(contact.getByText('Ville de Poitiers')).toBeTruthy();
    expect(contact.getByText('Collectivité')).toBeTruthy();
    expect(contact.getByText('15 place du Maréchal Leclerc')).toBeTruthy();
    expect(contact.getByRole('link', { name: '05 49 52 35 35' }).getAttribute('href')).toBe(
      'tel:0549523535',
    );
    expect(contact.getByRole('link', { name: 'Site web' }).getAttribute('href')).toBe(
      'https://www.poitiers.fr/',
    );

    // Inside a modal titled by an h2: the sections are h3, nothing deeper or higher.
    expect(container.querySelectorAll('h1, h4, h5, h6')).toHaveLength(0);
  });

  it('shows none of the fields an item does not have', () => {
    show(EMPTY);
    expect(screen.getByRole('heading', { level: 2, name: 'Initiative sans détails' })).toBeTruthy();
    for (const label of [
      'Porteur de projet',
      'Localisation',
      'Thématique secondaire',
      'Thématiques',
      'Sous-thématiques',
      'Démarche alimentaire',
      "Aire d'influence",
      'Territoire de réalisation',
      'Communes',
      'Communautés de communes',
      'Bénéficiaires',
      'Partenaires techniques',
      'Partenaires financiers',
      "Nombre de membres de l'équipe",
      'Coût du projet',
      'Date de lancement',
      'Date de fin',
      "État d'avancement",
    ]) {
      expect(screen.queryByText(label), label).toBeNull();
    }
    // Only the PDF sheet remains (every item has one).
    expect(screen.queryAllByRole('heading', { level: 3 })).toHaveLength(0);
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Télécharger la fiche (PDF)',
    ]);
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByText('PAT')).toBeNull();
  });

  it("shows the 'PAT' badge only when is_pat is 1", () => {
    const { unmount } = show({ ...FULL, resource_type: 'demarche', is_pat: 1 });
    expect(screen.getByText('PAT')).toBeTruthy();
    unmount();
    show({ ...FULL, resource_type: 'demarche', is_pat: 0 });
    expect(screen.queryByText('PAT')).toBeNull();
  });

  it("names a procedure's cost 'Coût de l'animation' (account-area spec §2)", () => {
    show({ ...FULL, resource_type: 'demarche' });
    expect(screen.getByText("Coût de l'animation")).toBeTruthy();
    expect(screen.queryByText('Coût du projet')).toBeNull();
  });

  it("offers 'Demander à être contacté' only when the contact has a society_email", () => {
    const { onAskContact, unmount } = show(FULL);
    fireEvent.click(screen.getByRole('button', { name: 'Demander à être contacté' }));
    expect(onAskContact).toHaveBeenCalledWith({ id: 31, society_name: 'Ville de Poitiers' });
    unmount();

    show({ ...FULL, contact: { ...FULL.contact!, society_email: false } });
    expect(screen.getByText('Ville de Poitiers', { selector: 'p' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Demander à être contacté' })).toBeNull();
  });

  it("shows the contact's thematics, and links to its other items on the map", () => {
    const { unmount } = show(FULL);
    const tags = screen.getByRole('list', { name: 'Thématiques' });
    expect(tags.textContent).toBe('Économie alimentaire');
    // This item is the contact's only one: no link.
    expect(screen.queryByRole('link', { name: /^Voir ses initiatives/ })).toBeNull();
    unmount();

    const contact = { ...FULL.contact!, food_procedures: [{ id: 3, title: 'PAT de Poitiers' }] };
    show({ ...FULL, contact });
    expect(
      screen
        .getByRole('link', { name: 'Voir ses initiatives (Ville de Poitiers)' })
        .getAttribute('href'),
    ).toBe('/initiatives?contactId=31');
  });

  it("leaves the contact's link to the map out of a preview (contactItemsLink false)", () => {
    const contact = { ...FULL.contact!, food_procedures: [{ id: 3, title: 'PAT de Poitiers' }] };
    render(
      <MemoryRouter>
        <ItemDetail
          item={{ ...FULL, contact }}
          onShowRelated={vi.fn()}
          onAskContact={vi.fn()}
          titleId="preview-title"
          contactItemsLink={false}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('list', { name: 'Thématiques' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Voir ses initiatives/ })).toBeNull();
  });

  it("has 'Voir les initiatives liées' on a procedure, calling back with its id", () => {
    const procedure: MapItemDetail = {
      ...FULL,
      id: 5,
      resource_type: 'demarche',
      title: 'PAT du Grand Poitiers',
      thematics_detail: [{ name: 'Nutrition santé' }, { name: 'Économie alimentaire' }],
      food_procedure_id: null,
      food_procedure: null,
    };
    const { onShowRelated, unmount } = show(procedure);
    expect(valueOf('Thématiques')).toBe('Nutrition santé, Économie alimentaire');
    fireEvent.click(screen.getByRole('button', { name: 'Voir les initiatives liées' }));
    expect(onShowRelated).toHaveBeenCalledWith(5);
    unmount();

    show(FULL);
    expect(screen.queryByRole('button', { name: 'Voir les initiatives liées' })).toBeNull();
  });
});

describe('formatItemDate', () => {
  it('writes a YYYY-MM-DD day as day month year in French, whatever the time zone', () => {
    expect(formatItemDate('2025-03-03')).toBe('3 mars 2025');
    expect(formatItemDate('2025-01-01')).toBe('1 janvier 2025');
    expect(formatItemDate('2024-12-31')).toBe('31 décembre 2024');
    expect(formatItemDate('')).toBe('');
  });
});
