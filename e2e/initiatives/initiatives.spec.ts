import type { Locator, Page } from '@playwright/test';
import { solveCaptcha } from '../anonymous-forms.ts';
import { expectNoSeriousAxeViolation } from '../axe.ts';
import { BREAKPOINT_TABLET } from '@ad/contract';
import { expect, test } from '../fixtures.ts';

const TITLE = "Les initiatives d'alimentation saine et durable";
const PROCEDURES_TAB = "Démarches (ensemble d'initiatives)";
const INITIATIVES_TAB = 'Initiatives (distinctes)';
const ANGOULEME_PAT = 'Projet alimentaire territorial du Grand Angoulême';
const DRIVE = 'Drive fermier charentais';

function searchOf(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

/** A bound of the URL; NaN while it has none (Number(null) would be 0). */
function boundOf(page: Page, name: 'south' | 'north' | 'west' | 'east'): number {
  const value = searchOf(page).get(name);
  return value === null ? NaN : Number(value);
}

/** The side list's items of the selected tab. */
function listItems(page: Page): Locator {
  return page.getByRole('tabpanel').getByRole('listitem');
}

function listItem(page: Page, title: string): Locator {
  return page.getByRole('tabpanel').getByRole('link', { name: new RegExp(`^${title}`) });
}

async function chooseTab(page: Page, name: string) {
  await page.getByRole('tab', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) }).click();
}

function tab(page: Page, name: string): Locator {
  return page.getByRole('tab', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) });
}

/** Phones show the list or the map: the map, for the tests that look at it. */
async function showMap(page: Page) {
  const toggle = page.getByRole('main').getByRole('button', { name: 'Carte', exact: true });
  if (await toggle.isVisible()) await toggle.click();
}

/** The multi-select filters: in the page, or in the 'Filtrer' panel on phones. */
async function filterSelects(page: Page): Promise<Locator> {
  const open = page.getByRole('main').getByRole('button', { name: 'Filtrer' });
  if (!(await open.isVisible())) return page.locator('.ad-initiatives__filters');
  await open.click();
  return page.getByRole('dialog', { name: 'Filtrer' });
}

/** Markers and clusters drawn on the map. */
function mapPins(page: Page): Locator {
  return page.locator('.ad-map .leaflet-marker-icon');
}

test.describe('Initiatives map', () => {
  test('renders the page, the lists and the map; the map writes its bounds into the URL @mobile', async ({
    page,
  }) => {
    // No tile server: the map still shows the region's outlines, the markers and the clusters.
    await page.route(/tile\.openstreetmap/, (route) => route.abort());
    await page.goto('/initiatives');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: TITLE })).toBeVisible();
    await expect(tab(page, PROCEDURES_TAB)).toBeVisible();
    await expect(tab(page, INITIATIVES_TAB)).toBeVisible();
    await expect(listItem(page, ANGOULEME_PAT)).toBeVisible();
    await expect(main.getByRole('radio', { name: 'Tout' })).toBeChecked();
    await expect(main.getByRole('button', { name: 'Demander un rapport' })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Publier mon initiative' })).toHaveAttribute(
      'href',
      '/mon-compte/initiatives/creation',
    );

    // Without bounds in the URL, the map's own are taken once it is ready.
    await showMap(page);
    await expect.poll(() => searchOf(page).get('south')).not.toBeNull();
    const south = Number(searchOf(page).get('south'));
    const north = Number(searchOf(page).get('north'));
    expect(south).toBeLessThan(43.5);
    expect(north).toBeGreaterThan(46.5);
    await expect(page.locator('.ad-map .leaflet-overlay-pane path').first()).toBeVisible();
    await expect(mapPins(page).first()).toBeVisible();

    await expectNoSeriousAxeViolation(page, '/initiatives');
    const backToList = main.getByRole('button', { name: 'Liste', exact: true });
    if (await backToList.isVisible()) await backToList.click();
    await chooseTab(page, INITIATIVES_TAB);
    await expect(listItem(page, DRIVE)).toBeVisible();
  });

  test('the URL gives the state, and a filter change writes a new query', async ({ page }) => {
    await page.goto(
      '/initiatives?south=44.5&north=46.5&west=-1.5&east=1.5&resourceType=initiatives&locations=16',
    );
    const main = page.getByRole('main');
    await expect(main.getByRole('radio', { name: 'Initiatives' })).toBeChecked();
    await expect(tab(page, PROCEDURES_TAB)).toHaveCount(0);
    await expect(listItem(page, DRIVE)).toBeVisible();
    await expect(listItem(page, 'Paniers solidaires de Basseau')).toBeVisible();
    // Only Charente.
    await expect(listItem(page, 'Cuisine solidaire de Gâtine')).toHaveCount(0);

    const selects = await filterSelects(page);
    await selects.getByText(/^Localisations/).click();
    await selects
      .locator('.app-filter__panel')
      .getByText('Deux-Sèvres (79)', { exact: true })
      .click();
    await expect.poll(() => searchOf(page).getAll('locations')).toEqual(['16', '79']);
    await page.keyboard.press('Escape');
    // A filter change resets the bounds to the defaults: the map shows the whole region again
    // and writes its bounds back (the URL had 44.5 to 46.5).
    await expect.poll(() => boundOf(page, 'south')).toBeLessThan(43.5);
    expect(boundOf(page, 'north')).toBeGreaterThan(47);
    expect(searchOf(page).get('resourceType')).toBe('initiatives');
    await expect(listItem(page, 'Cuisine solidaire de Gâtine')).toBeVisible();

    // A visitor clicks the label (the DSFR draws the radio on it).
    await main.locator('label', { hasText: /^Tout$/ }).click();
    await expect.poll(() => searchOf(page).get('resourceType')).toBeNull();
    await expect(tab(page, PROCEDURES_TAB)).toBeVisible();
  });

  test('the search waits for a pause, switches to the only non-empty tab, and Escape clears it', async ({
    page,
  }) => {
    await page.goto('/initiatives?resourceType=initiatives');
    const main = page.getByRole('main');
    const search = main.getByRole('searchbox', { name: /Rechercher une initiative/ });
    await search.fill('drive fermier');
    // Not applied before the pause.
    expect(searchOf(page).get('q')).toBeNull();
    await expect.poll(() => searchOf(page).get('q')).toBe('drive fermier');
    // A search returns the type to all, hides the radios and the report button.
    expect(searchOf(page).get('resourceType')).toBeNull();
    await expect(main.getByRole('heading', { name: 'Résultats de votre recherche' })).toBeVisible();
    await expect(main.getByText('« drive fermier »')).toBeVisible();
    await expect(main.getByRole('radio', { name: 'Tout' })).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Demander un rapport' })).toHaveCount(0);
    // No procedure matches: the list shows the initiatives.
    await expect(tab(page, INITIATIVES_TAB)).toHaveAttribute('aria-selected', 'true');
    await expect(listItem(page, DRIVE)).toBeVisible();
    await chooseTab(page, PROCEDURES_TAB);
    await expect(
      main.getByText('Désolé, nous ne parvenons pas à trouver de démarche alimentaire.'),
    ).toBeVisible();

    await search.press('Escape');
    await expect(search).toHaveValue('');
    await expect.poll(() => searchOf(page).get('q')).toBeNull();
    await expect(main.getByRole('radio', { name: 'Tout' })).toBeVisible();
  });

  test('@desktop-only a list click opens the marker popup, with the PAT badge of a PAT', async ({
    page,
  }) => {
    await page.goto('/initiatives');
    await listItem(page, ANGOULEME_PAT).click();
    const popup = page.locator('.leaflet-popup');
    await expect(popup.locator('.ad-map-popup__title')).toHaveText(ANGOULEME_PAT);
    await expect(popup.getByText('PAT', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/initiatives\?/);
    // The popup has the focus (spec §2), its close button a French name; Escape closes it and
    // gives the focus back to the list.
    await expect(popup.getByRole('link', { name: /^Voir plus/ })).toBeFocused();
    await expect(popup.getByRole('button', { name: 'Fermer la bulle' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(popup).toHaveCount(0);
    await expect(listItem(page, ANGOULEME_PAT)).toBeFocused();

    // The marker itself, with the keyboard: Space or Enter opens its popup with the focus on its
    // link, and Escape gives the focus back to the marker.
    const marker = page.locator(`.ad-map-marker[title="${ANGOULEME_PAT}"]`);
    for (const key of [' ', 'Enter']) {
      await marker.focus();
      await page.keyboard.press(key === ' ' ? 'Space' : key);
      await expect(popup.getByRole('link', { name: /^Voir plus/ })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(popup).toHaveCount(0);
      await expect(marker).toBeFocused();
    }

    await listItem(page, ANGOULEME_PAT).focus();
    await page.keyboard.press('Enter');
    await expect(popup.locator('.ad-map-popup__title')).toHaveText(ANGOULEME_PAT);

    // 'Voir plus' opens the detail modal over the page, with the view the map flew to (its link
    // is drawn again when the query changes: with the view before the flight, the map went back).
    const more = popup.getByRole('link', { name: /^Voir plus/ });
    const hrefSearch = async () => new URL((await more.getAttribute('href'))!, page.url()).search;
    await expect.poll(async () => (await hrefSearch()) === new URL(page.url()).search).toBe(true);
    const query = new URL(page.url()).search;
    // The map is the same one behind the modal and after it (the page is not mounted again).
    const map = page.locator('.leaflet-container');
    await map.evaluate((element) => element.setAttribute('data-test-mark', ''));
    await more.click();
    await expect(page).toHaveURL(/\/initiatives\/demarche\/\d+\?/);
    const dialog = page.getByRole('dialog', { name: ANGOULEME_PAT });
    await expect(dialog).toBeVisible();
    expect(new URL(page.url()).search).toBe(query);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(map).toHaveAttribute('data-test-mark', '');
  });

  test('@mobile-only a list click opens the detail modal; closing keeps the query', async ({
    page,
  }) => {
    await page.goto('/initiatives?resourceType=initiatives&locations=16');
    await listItem(page, DRIVE).click();
    await expect(page).toHaveURL(
      /\/initiatives\/initiative\/\d+\?resourceType=initiatives&locations=16$/,
    );
    const dialog = page.getByRole('dialog', { name: DRIVE });
    await expect(dialog.getByRole('heading', { level: 2, name: DRIVE })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(DRIVE));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/initiatives\?resourceType=initiatives&locations=16$/);
    // From the keyboard: the focus comes back to the list item that opened the modal.
    await listItem(page, DRIVE).focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(listItem(page, DRIVE)).toBeFocused();
  });

  test('the detail deep link, its fields, and the related initiatives of a procedure', async ({
    page,
  }) => {
    await page.goto('/initiatives?resourceType=foodProcedures');
    const href = await listItem(page, ANGOULEME_PAT).getAttribute('href');
    const detailPath = href!.split('?')[0]!;
    expect(detailPath).toMatch(/^\/initiatives\/demarche\/\d+$/);
    const procedureId = detailPath.split('/').pop()!;

    // A shared link opens the page with the modal, server-rendered with the item's title.
    await page.goto(`${detailPath}?resourceType=foodProcedures&q=angoul`);
    await expect(page).toHaveTitle(new RegExp(ANGOULEME_PAT));
    const dialog = page.getByRole('dialog', { name: ANGOULEME_PAT });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('PAT', { exact: true })).toBeVisible();
    await expect(dialog.getByText("État d'avancement")).toBeVisible();
    await expect(dialog.getByRole('link', { name: /Télécharger la fiche/ })).toHaveAttribute(
      'href',
      `/api/food_procedures/${procedureId}/pdf`,
    );
    await expectNoSeriousAxeViolation(page, `${detailPath} (modal)`);

    await dialog.getByRole('button', { name: 'Voir les initiatives liées' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/initiatives\?/);
    // The focus goes to the list that now shows them (the dialog had no opener to return to).
    await expect(page.getByRole('region', { name: 'Liste des résultats' })).toBeFocused();
    const search = searchOf(page);
    expect(search.get('demarcheId')).toBe(procedureId);
    expect(search.get('resourceType')).toBe('initiatives');
    expect(search.get('q')).toBeNull();
    await expect(listItem(page, DRIVE)).toBeVisible();
    await expect(listItem(page, 'Cuisine solidaire de Gâtine')).toHaveCount(0);

    // The procedure filter shows as a tag, which removes it: both lists again, over the whole
    // region on the map too (it showed the procedure's markers).
    const tag = page.getByRole('button', { name: `Retirer le filtre Démarche : ${ANGOULEME_PAT}` });
    await tag.click();
    await expect.poll(() => searchOf(page).get('demarcheId')).toBeNull();
    await expect(tab(page, PROCEDURES_TAB)).toBeVisible();
    await expect(tag).toHaveCount(0);
    await showMap(page);
    await expect.poll(() => boundOf(page, 'south')).toBeLessThan(43.5);
  });

  test('@desktop-only zooming in narrows the lists without a request; a filter fetches again', async ({
    page,
  }) => {
    await page.goto('/initiatives?resourceType=initiatives');
    await expect.poll(() => searchOf(page).get('south')).not.toBeNull();
    await expect(page.locator('.ad-initiatives__loading')).toHaveCount(0);
    const count = async () =>
      Number(await tab(page, INITIATIVES_TAB).locator('.ad-tabs__count').textContent());
    const before = await count();
    const listRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/initiatives') listRequests.push(request.url());
    });
    const south = searchOf(page).get('south');
    await page.getByRole('button', { name: 'Zoomer', exact: true }).click();
    await page.getByRole('button', { name: 'Zoomer', exact: true }).click();
    await expect.poll(() => searchOf(page).get('south')).not.toBe(south);
    await expect.poll(count).toBeLessThan(before);
    expect(listRequests).toEqual([]);

    const selects = await filterSelects(page);
    await selects.getByText(/^Localisations/).click();
    await selects.locator('.app-filter__panel').getByText('Gironde (33)', { exact: true }).click();
    await expect.poll(() => listRequests.length).toBeGreaterThan(0);
    expect(new URL(listRequests[0]!).searchParams.getAll('locations[]')).toEqual(['33']);
    // Spec §4: the filter reset the bounds; the map shows the region again, as the lists do.
    await expect.poll(() => searchOf(page).get('south')).toBe(south);
  });

  test('@desktop-only a step back in the history shows its view again, after the map moved', async ({
    page,
  }) => {
    await page.goto('/initiatives');
    await expect.poll(() => searchOf(page).get('south')).not.toBeNull();
    const span = () => boundOf(page, 'north') - boundOf(page, 'south');
    const region = span();
    // A new entry of the history that keeps the view, then a zoom that replaces its bounds.
    await page
      .getByRole('main')
      .locator('label', { hasText: /^Initiatives$/ })
      .click();
    await expect.poll(() => searchOf(page).get('resourceType')).toBe('initiatives');
    await page.getByRole('button', { name: 'Zoomer', exact: true }).click();
    await expect.poll(span).toBeLessThan(region * 0.6);

    await page.goBack();
    await expect(page.getByRole('main').getByRole('radio', { name: 'Tout' })).toBeChecked();
    // The map shows the whole region again: a zoom now halves the region, not the zoomed view.
    const before = span();
    await page.getByRole('button', { name: 'Zoomer', exact: true }).click();
    await expect.poll(span).toBeLessThan(before);
    expect(span()).toBeGreaterThan(region * 0.4);
  });

  test('@desktop-only a cluster click zooms in to its points', async ({ page }) => {
    await page.route(/tile\.openstreetmap/, (route) => route.abort());
    await page.goto('/initiatives');
    await expect.poll(() => searchOf(page).get('south')).not.toBeNull();
    const height = () => boundOf(page, 'north') - boundOf(page, 'south');
    const before = height();
    const clusters = page.locator('.ad-map .ad-map-cluster');
    await expect(clusters.first()).toHaveAccessibleName(/^\d+ éléments : zoomer$/);
    // With the mouse, on a cluster that no marker covers (markers and clusters may overlap).
    const free = await clusters.evaluateAll((elements) =>
      elements.findIndex((element) => {
        const box = element.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && element.contains(hit);
      }),
    );
    expect(free).toBeGreaterThanOrEqual(0);
    await clusters.nth(free).click();
    // Zoomed in until its points fit the view: at least half a zoom level further in.
    await expect.poll(height).toBeLessThan(before * 0.72);
    await expect(mapPins(page).first()).toBeVisible();

    // With the keyboard: Enter on a cluster zooms in too, and the focus stays on the map.
    await page.goto('/initiatives');
    await expect.poll(height).toBeGreaterThan(before * 0.99);
    await clusters.first().focus();
    await page.keyboard.press('Enter');
    await expect.poll(height).toBeLessThan(before * 0.72);
    await expect(page.locator('.ad-map')).toBeFocused();
  });

  test('the legend lists the procedure pin and the themes', async ({ page }) => {
    await page.goto('/initiatives');
    await showMap(page);
    const legend = page.locator('.ad-map-legend');
    const toggle = legend.getByRole('button', { name: 'Légende' });
    // Open on large screens; closed on small ones, where it would cover the map.
    const large = page.viewportSize()!.width >= BREAKPOINT_TABLET;
    await expect(toggle).toHaveAttribute('aria-expanded', String(large));
    if (!large) await toggle.click();
    await expect(legend.getByText('Démarche alimentaire')).toBeVisible();
    await expect(legend.getByRole('listitem')).not.toHaveCount(1);
    await toggle.click();
    await expect(legend.getByText('Démarche alimentaire')).toBeHidden();
  });

  test('the contact modal replaces the detail and sends the message', async ({ page }) => {
    await page.goto('/initiatives?resourceType=initiatives&locations=16');
    const href = await listItem(page, DRIVE).getAttribute('href');
    await page.goto(href!);
    const detail = page.getByRole('dialog', { name: DRIVE });
    const ask = detail.getByRole('button', { name: 'Demander à être contacté' });
    await ask.click();
    const contact = page.getByRole('dialog', { name: 'Contacter la personne référente' });
    await expect(contact).toBeVisible();
    await expect(detail).toBeHidden();
    // Escape: the detail again, the focus back on the button that opened the form.
    await page.keyboard.press('Escape');
    await expect(contact).toHaveCount(0);
    await expect(ask).toBeFocused();
    await ask.click();
    await contact.getByLabel('Votre nom').fill('Camille Martin');
    await contact.getByLabel('Votre e-mail').fill('camille.martin@exemple.fr');
    await contact.getByLabel('Votre message').fill('Bonjour, je souhaite vous rencontrer.');
    await solveCaptcha(page);
    await contact.getByRole('button', { name: 'Envoyer' }).click();
    await expect(contact.getByText('Merci, votre demande a bien été envoyée.')).toBeVisible();
    await contact.getByRole('button', { name: /Fermer/ }).click();
    await expect(detail).toBeVisible();
    await expect(ask).toBeFocused();
    // Closed, the detail opened by a link gives the focus to the list.
    await page.keyboard.press('Escape');
    await expect(detail).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Liste des résultats' })).toBeFocused();
  });

  test('the export modal sends the report request with the criteria', async ({ page }) => {
    await page.goto('/initiatives?locations=16');
    await page.getByRole('button', { name: 'Demander un rapport' }).click();
    const dialog = page.getByRole('dialog', { name: 'Demander un rapport' });
    await expect(dialog.getByText('Charente (16)')).toBeVisible();
    await dialog.getByLabel('Votre e-mail').fill('elu@exemple.fr');
    await solveCaptcha(page);
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await expect(
      dialog.getByText(
        'Merci, votre demande a bien été envoyée. Vous allez recevoir un e-mail contenant le rapport demandé selon les critères sélectionnés.',
      ),
    ).toBeVisible();
    await expectNoSeriousAxeViolation(page, '/initiatives (export modal)');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Demander un rapport' }).click();
    await expect(dialog.getByLabel('Votre e-mail')).toHaveValue('');
  });

  test('@mobile-only a filter made while the map is hidden resets its view too', async ({
    page,
  }) => {
    await page.goto('/initiatives');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Carte' }).click();
    await expect.poll(() => searchOf(page).get('south')).not.toBeNull();
    const region = boundOf(page, 'north') - boundOf(page, 'south');
    const zoomed = () => boundOf(page, 'north') - boundOf(page, 'south');
    // Leaflet ignores a zoom asked during its zoom animation: each click waits for the last.
    await page.getByRole('button', { name: 'Zoomer', exact: true }).click();
    await expect.poll(zoomed).toBeLessThan(region * 0.6);
    await page.getByRole('button', { name: 'Zoomer', exact: true }).click();
    await expect.poll(zoomed).toBeLessThan(region * 0.3);
    await main.getByRole('button', { name: 'Liste' }).click();

    const selects = await filterSelects(page);
    await selects.getByText(/^Localisations/).click();
    await selects.locator('.app-filter__panel').getByText('Gironde (33)', { exact: true }).click();
    await expect.poll(() => searchOf(page).get('south')).toBeNull();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    // Spec §4: the bounds went back to the defaults; the map shows the region when it appears.
    await main.getByRole('button', { name: 'Carte' }).click();
    await expect.poll(zoomed).toBeGreaterThan(region * 0.9);
  });

  test('@mobile-only the related initiatives chosen in the list view are fitted when the map shows', async ({
    page,
  }) => {
    await page.route(/tile\.openstreetmap/, (route) => route.abort());
    await page.goto('/initiatives?resourceType=foodProcedures');
    await listItem(page, ANGOULEME_PAT).click();
    const dialog = page.getByRole('dialog', { name: ANGOULEME_PAT });
    await dialog.getByRole('button', { name: 'Voir les initiatives liées' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(listItems(page)).toHaveCount(3);
    // Opened from a list row, which now shows another item: the focus goes to the list itself.
    await expect(page.getByRole('region', { name: 'Liste des résultats' })).toBeFocused();
    // The fit comes about 250 ms after the result (spec §4, §9): past it, with the map still hidden.
    await page.waitForTimeout(600);
    // Spec §4: the map fits the markers of the result (here while it is hidden, the list shown):
    // the three, a few kilometres apart, each its own pin in view (the region's view, or one
    // zoomed in further around their middle, would show a cluster, or not all of them).
    await page.getByRole('main').getByRole('button', { name: 'Carte', exact: true }).click();
    const pinsInView = () =>
      page.locator('.ad-map').evaluate((map) => {
        const view = map.getBoundingClientRect();
        return [...map.querySelectorAll('.leaflet-marker-icon:not(.ad-map-cluster)')].filter(
          (pin) => {
            const box = pin.getBoundingClientRect();
            const x = box.x + box.width / 2;
            const y = box.y + box.height / 2;
            return x >= view.left && x <= view.right && y >= view.top && y <= view.bottom;
          },
        ).length;
      });
    await expect.poll(pinsInView).toBe(3);
  });

  test('@mobile-only the list and map toggle, and the filter panel closed by Escape', async ({
    page,
  }) => {
    await page.goto('/initiatives');
    const main = page.getByRole('main');
    await expect(listItem(page, ANGOULEME_PAT)).toBeVisible();
    await main.getByRole('button', { name: 'Carte' }).click();
    await expect(page.locator('.ad-map')).toBeVisible();
    await expect(listItem(page, ANGOULEME_PAT)).toBeHidden();
    await expect(mapPins(page).first()).toBeVisible();
    await main.getByRole('button', { name: 'Liste' }).click();
    await expect(listItem(page, ANGOULEME_PAT)).toBeVisible();

    await main.getByRole('button', { name: 'Filtrer' }).click();
    const panel = page.getByRole('dialog', { name: 'Filtrer' });
    await expect(panel.getByText('Localisations', { exact: true })).toBeVisible();
    // Escape closes an open list first, then the panel.
    await panel.getByText('Localisations', { exact: true }).click();
    const options = panel.locator('details[open] .app-filter__panel');
    await expect(options).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(options).toHaveCount(0);
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
  });

  test('a new list starts at its top', async ({ page }) => {
    await page.goto('/initiatives?resourceType=initiatives');
    const box = page.getByRole('tabpanel').locator('.ad-virtual-list');
    await expect(listItems(page).first()).toHaveAttribute('aria-posinset', '1');
    await box.evaluate((element) => (element.scrollTop = element.scrollHeight));
    await expect(listItems(page).last()).toHaveAttribute(
      'aria-posinset',
      (await listItems(page).first().getAttribute('aria-setsize'))!,
    );

    // 'Tout': both lists fetched again, the initiatives tab kept, its new list from the top.
    await page
      .getByRole('main')
      .locator('label', { hasText: /^Tout$/ })
      .click();
    await expect(tab(page, PROCEDURES_TAB)).toBeVisible();
    await expect.poll(() => box.evaluate((element) => element.scrollTop)).toBe(0);
    await expect(listItems(page).first()).toHaveAttribute('aria-posinset', '1');
  });

  test('lists that cannot be loaded say so, beside the list and the map @mobile', async ({
    page,
    pageErrors,
  }) => {
    // The server renders the first rows; every page the browser asks for then fails.
    pageErrors.allow(
      /Failed to load resource: net::ERR_FAILED .*\/api\/(initiatives|food_procedures)\?/,
    );
    await page.route(/\/api\/(initiatives|food_procedures)\?/, (route) => route.abort());
    await page.goto('/initiatives');
    const alert = page
      .getByRole('alert')
      .filter({ hasText: "Les initiatives n'ont pas pu être chargées." });
    await expect(alert).toBeVisible();
    // No loader left spinning: the rows the server rendered stay.
    await expect(page.getByRole('tabpanel').getByRole('status')).toHaveCount(0);
    await expect(listItem(page, ANGOULEME_PAT)).toBeVisible();
    await showMap(page);
    await expect(alert).toBeVisible();
  });

  test('the list is reachable with the keyboard and says its size @mobile', async ({ page }) => {
    await page.goto('/initiatives?resourceType=initiatives');
    const first = listItems(page).first();
    await expect(first).toHaveAttribute('aria-posinset', '1');
    const size = Number(await first.getAttribute('aria-setsize'));
    expect(size).toBeGreaterThan(20);
    await first.getByRole('link').focus();
    for (let i = 0; i < 30; i++) await page.keyboard.press('Tab');
    const focused = page.locator(':focus');
    await expect(focused).toHaveClass(/ad-map-item/);
    expect(Number(await focused.locator('xpath=..').getAttribute('aria-posinset'))).toBe(31);
  });
});
