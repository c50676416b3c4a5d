import { describe, expect, it } from 'vitest';
import { withoutTrackingParams } from './tracking-params.ts';

describe('withoutTrackingParams', () => {
  it('removes campaign and click parameters, keeping the others as they were written', () => {
    expect(
      withoutTrackingParams(
        '/actualites?utm_source=lettre&page=2&fbclid=IwAR0x&categories%5B%5D=3&utm_campaign=nov',
      ),
    ).toBe('/actualites?page=2&categories%5B%5D=3');
    expect(withoutTrackingParams('/initiatives?q=l%C3%A9gumes&gclid=abc&msclkid=def')).toBe(
      '/initiatives?q=l%C3%A9gumes',
    );
  });

  it('drops the question mark when nothing is left; names in any case', () => {
    expect(withoutTrackingParams('/a-propos?fbclid=IwAR0x')).toBe('/a-propos');
    expect(withoutTrackingParams('/a-propos?UTM_Medium=social&_ga=1.2')).toBe('/a-propos');
  });

  it('returns an address without tracking parameters unchanged', () => {
    for (const address of [
      '/',
      '/recherche?q=circuits%20courts',
      '/agenda?day=20261130',
      '/nous-contacter?thematic=4',
      '/actualites?page=2&&categories[]=1',
      '/recherche?q=utm_source', // a value, not a name
      '/recherche?q=%E0%A4%A', // malformed percent-encoding
    ]) {
      expect(withoutTrackingParams(address), address).toBe(address);
    }
  });

  it('keeps a parameter whose name only starts like one, or that cannot be read', () => {
    expect(withoutTrackingParams('/x?mc_cidx=1&fbclid=2')).toBe('/x?mc_cidx=1');
    expect(withoutTrackingParams('/x?utm+source=1&fbclid=2')).toBe('/x?utm+source=1');
    expect(withoutTrackingParams('/x?%E0%A4%A=1&fbclid=2')).toBe('/x?%E0%A4%A=1');
  });

  it('reads a name as the server does: percent-encoded, in any case', () => {
    expect(withoutTrackingParams('/x?%75tm_source=1&page=2&FBCLID=3')).toBe('/x?page=2');
  });
});
