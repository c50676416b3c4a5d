import { describe, expect, it } from 'vitest';
import { RETENTION_SUBMITTED_DATA_YEARS } from '@ad/contract';
import { ConfigError, loadConfig } from '../../env.ts';

describe('the freshness and retention settings', () => {
  it('default to a yearly check and the privacy policy’s retention', () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    expect(config).toMatchObject({
      FRESHNESS_INTERVAL_DAYS: 365,
      FRESHNESS_REMINDER_DAYS: 30,
      FRESHNESS_LINK_DAYS: 60,
      RETENTION_YEARS: RETENTION_SUBMITTED_DATA_YEARS,
      RETENTION_WARNING_DAYS: 30,
    });
  });

  it('are read from the environment', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      FRESHNESS_INTERVAL_DAYS: '180',
      FRESHNESS_REMINDER_DAYS: '15',
      FRESHNESS_LINK_DAYS: '20',
      RETENTION_YEARS: '5',
      RETENTION_WARNING_DAYS: '60',
    });
    expect(config).toMatchObject({
      FRESHNESS_INTERVAL_DAYS: 180,
      FRESHNESS_REMINDER_DAYS: 15,
      FRESHNESS_LINK_DAYS: 20,
      RETENTION_YEARS: 5,
      RETENTION_WARNING_DAYS: 60,
    });
  });

  it('refuse values that make no sense, naming the variable', () => {
    const problems = (env: Record<string, string>) => {
      try {
        loadConfig({ NODE_ENV: 'test', ...env });
        return [];
      } catch (error) {
        return (error as ConfigError).problems;
      }
    };
    expect(problems({ FRESHNESS_INTERVAL_DAYS: '0' })[0]).toContain('FRESHNESS_INTERVAL_DAYS');
    expect(problems({ FRESHNESS_LINK_DAYS: 'deux mois' })[0]).toContain('FRESHNESS_LINK_DAYS');
    expect(problems({ RETENTION_YEARS: '0' })[0]).toContain('RETENTION_YEARS');
    expect(problems({ RETENTION_YEARS: '1', RETENTION_WARNING_DAYS: '365' })[0]).toContain(
      'RETENTION_WARNING_DAYS doit être inférieur',
    );
  });
});
