import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { MapItemDetail } from '@ad/contract';
import type { ModerationPublicView } from '@ad/contract/account/moderation';
import { ReviewPublicView } from './moderation-review-sections.tsx';

function show(view: ModerationPublicView | null) {
  return render(
    <MemoryRouter>
      <ReviewPublicView view={view} />
    </MemoryRouter>,
  );
}

afterEach(cleanup);

const ITEM: MapItemDetail = {
  id: 7,
  resource_type: 'initiative',
  title: 'Marché de producteurs bio',
  summary: '<p>Un marché <strong>hebdomadaire</strong>.</p>',
  latitude: 44.8,
  longitude: -0.57,
  city: 'Bordeaux',
  department: { code: '33', name: 'Gironde' },
  project_holder: null,
  thematic: { name: 'Économie alimentaire', color: '#000', class: 'economie' },
  secondary_thematic: null,
  thematics_detail: [],
  subthematics: [],
  food_procedure_id: null,
  food_procedure: null,
  area_of_influence: { name: 'Locale' },
  territory_of_realization: null,
  communes: [{ name_formatted: 'Bordeaux (33000)' }],
  communities_of_communes: [],
  beneficiaries: [],
  technical_partners: [],
  financial_partners: [],
  nb_team_members: null,
  project_cost: null,
  released_at: null,
  ended_at: null,
  status_for_humans: null,
  pdf_url: '',
  logos: [],
  is_pat: 0,
  contact: null,
  documents: [],
  pqna_external_url: null,
  context: 'Contexte précisé',
  objectives: null,
  implementation_of_actions: null,
  keys_to_success: null,
  potential_brakes: null,
  prospects_for_future: null,
  originality_of_approach: null,
  website_urls: [],
};

describe('ReviewPublicView', () => {
  it('shows a post as its public page does', () => {
    show({
      kind: 'post',
      data: {
        slug: 'appel',
        title: 'Appel à projets cantines',
        description: '<p>Le texte de l’actualité.</p>',
        image: '<img src="/uploads/2027/01/a.png" alt="affiche" class="fr-responsive-img">',
        updated_at: '2027-01-05T10:00:00.000Z',
        external_url: 'https://exemple.fr',
        category: { name: 'Appel à projets' },
        event: null,
      },
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Aperçu public' })).toBeTruthy();
    expect(
      screen.getByRole('heading', { level: 3, name: 'Appel à projets cantines' }),
    ).toBeTruthy();
    expect(screen.getByText('Appel à projets')).toBeTruthy();
    expect(screen.getByText('Le texte de l’actualité.')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'affiche' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /En savoir plus/ }).getAttribute('href')).toBe(
      'https://exemple.fr',
    );
  });

  it('shows a file resource with its download link', () => {
    show({
      kind: 'resource',
      data: {
        slug: 'guide',
        name: 'Guide des cantines',
        description: '<p>Un guide.</p>',
        updated_at: '2027-01-05T10:00:00.000Z',
        thumbUrl: null,
        type: { slug: 'file', name: 'Document' },
        external_url: null,
        video_url: null,
        resourceFile: { file: '/uploads/2027/01/guide.pdf', size: 2048 },
        category: { name: 'Guides', featured_image: null },
      },
    });
    expect(screen.getByRole('heading', { level: 3, name: 'Guide des cantines' })).toBeTruthy();
    expect(
      screen.getByRole('link', { name: /Télécharger « Guide des cantines »/ }).getAttribute('href'),
    ).toBe('/uploads/2027/01/guide.pdf');
  });

  it('shows an initiative as the map detail, without a PDF sheet before publication', () => {
    show({ kind: 'initiative', data: ITEM });
    // Its title under « Aperçu public » (h2), its sections one level below.
    expect(
      screen.getByRole('heading', { level: 3, name: 'Marché de producteurs bio' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 4, name: 'Contexte' })).toBeTruthy();
    expect(screen.getByText('Contexte précisé')).toBeTruthy();
    expect(screen.getByText('Bordeaux (33000)')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Télécharger la fiche/ })).toBeNull();
    expect(screen.getByText(/La fiche telle que la carte/)).toBeTruthy();
  });

  it("offers none of the map's buttons, which do nothing here", () => {
    show({
      kind: 'demarche',
      data: {
        ...ITEM,
        resource_type: 'demarche',
        contact: {
          id: 3,
          society_name: 'Mairie de Bordeaux',
          type: null,
          avatar_url: null,
          address_line_1: null,
          address_line_2: null,
          postcode: null,
          city: null,
          phone: null,
          website_url: null,
          society_email: true,
          thematics: [],
          initiatives: [],
          food_procedures: [],
        },
      },
    });
    expect(screen.getByText('Mairie de Bordeaux')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Voir les initiatives liées' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Demander à être contacté' })).toBeNull();
  });

  it('shows nothing without a public view (an institution)', () => {
    const { container } = show(null);
    expect(container.textContent).toBe('');
  });
});
