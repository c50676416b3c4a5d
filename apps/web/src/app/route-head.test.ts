import { describe, expect, it } from 'vitest';
import { routeByName } from '@ad/contract';
import { buildBreadcrumb, routeForPath } from './route-head.ts';

describe('route head', () => {
  it('finds routes by path, with the 404 route as catch-all', () => {
    expect(routeForPath('/actualites').name).toBe('posts');
    expect(routeForPath('/actualites/mon-article').name).toBe('post');
    expect(routeForPath('/mon-compte/demarche/3/edition').name).toBe(
      'myaccount.foodProcedures.update',
    );
    expect(routeForPath('/nimporte/quoi').name).toBe('404');
  });

  it('starts the breadcrumb with Accueil and never links the last entry', () => {
    expect(buildBreadcrumb(routeByName('homepage'))).toEqual([]);
    expect(buildBreadcrumb(routeByName('glossary'))).toEqual([
      { label: 'Accueil', to: '/' },
      { label: 'Glossaire' },
    ]);
    expect(buildBreadcrumb(routeByName('faq-item'), { question: 'Qui peut publier ?' })).toEqual([
      { label: 'Accueil', to: '/' },
      { label: 'FAQ', to: '/foire-aux-questions' },
      { label: 'Qui peut publier ?' },
    ]);
    expect(buildBreadcrumb(routeByName('myaccount.posts.create'))).toEqual([
      { label: 'Accueil', to: '/' },
      { label: 'Mon tableau de bord', to: '/mon-compte/tableau-de-bord' },
      { label: 'Actualité : ajouter' },
    ]);
  });

  it('leaves out an entry whose item is not loaded yet, the remaining last entry unlinked', () => {
    expect(buildBreadcrumb(routeByName('post'))).toEqual([
      { label: 'Accueil', to: '/' },
      { label: 'Actualités' },
    ]);
    expect(buildBreadcrumb(routeByName('faq-item'), null)).toEqual([
      { label: 'Accueil', to: '/' },
      { label: 'FAQ' },
    ]);
  });

  it('fills the detail breadcrumbs from the item', () => {
    expect(buildBreadcrumb(routeByName('post'), { title: 'Marché bio' })).toEqual([
      { label: 'Accueil', to: '/' },
      { label: 'Actualités', to: '/actualites' },
      { label: 'Marché bio' },
    ]);
    expect(buildBreadcrumb(routeByName('resource'), { name: 'Guide' })).toEqual([
      { label: 'Accueil', to: '/' },
      { label: 'Ressources', to: '/ressources' },
      { label: 'Guide' },
    ]);
    expect(buildBreadcrumb(routeByName('initiative-item'), { title: 'Jardin' })).toEqual([
      { label: 'Accueil', to: '/' },
      { label: 'Initiatives', to: '/initiatives' },
      { label: 'Jardin' },
    ]);
  });

  it('never links the last rendered entry', () => {
    const unfilled = [routeByName('post'), routeByName('resource'), routeByName('faq-item')];
    for (const route of [...unfilled, routeByName('initiative-item'), routeByName('about')]) {
      const crumbs = buildBreadcrumb(route);
      expect(crumbs.length, route.name).toBeGreaterThanOrEqual(2);
      const last = crumbs[crumbs.length - 1];
      expect(last, route.name).toStrictEqual({ label: expect.any(String) as string });
      expect(last, route.name).not.toHaveProperty('to');
    }
  });
});
