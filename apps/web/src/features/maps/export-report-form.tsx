import { Select } from '../forms/dsfr-fields.tsx';
import { useState } from 'react';
import { Alert } from '@codegouvfr/react-dsfr/Alert';
import { SubmitButton } from '../forms/submit-button.tsx';
import {
  EXPORT_DEFAULT_PERIOD,
  EXPORT_DEFAULT_TYPE,
  EXPORT_REPORT_PATH,
  type MapFilters,
} from '@ad/contract';
import { fr } from '../../lib/fr.ts';
import { api } from '../../lib/api-client.ts';
import { AntiSpamFields, useAnonymousForm } from '../forms/anonymous-form.tsx';
import { FieldInput } from '../forms/field-input.tsx';
import { FormError } from '../forms/form-error.tsx';

/** The map's criteria that a report takes (spec §3 'Export request'). */
export interface ExportCriteria {
  subthematics: number[];
  projectHolders: number[];
  beneficiaries: number[];
  locations: string[];
}

export const NO_CRITERIA_TEXT = 'Aucun critère : toutes les initiatives et démarches';

const FIELDS = ['email', 'type', 'period'] as const;

/**
 * The criteria by name, from the filter options: [label, 'name, name'] of the non-empty ones, in
 * the order of the report's e-mail.
 */
export function criteriaSummary(
  criteria: ExportCriteria,
  filters: MapFilters,
): [label: string, values: string][] {
  const subthematics = new Map(
    filters.subthematics.flatMap((group) =>
      group.subthematics.map((subthematic) => [subthematic.id, subthematic.name] as const),
    ),
  );
  const holders = new Map(filters.project_holder_types.map((type) => [type.id, type.name]));
  const beneficiaries = new Map(filters.beneficiaries.map((entry) => [entry.id, entry.name]));
  const locations = new Map(
    filters.locations.map((location) => [location.code, `${location.name} (${location.code})`]),
  );
  // A value that the options no longer have (an old link) is still sent: show it as it is.
  const named = <K,>(values: K[], known: Map<K, string>) =>
    values.map((value) => known.get(value) ?? String(value)).join(', ');
  const rows: [string, string][] = [
    ['Départements', named(criteria.locations, locations)],
    ['Sous-thématiques', named(criteria.subthematics, subthematics)],
    ['Porteurs de projet', named(criteria.projectHolders, holders)],
    ['Bénéficiaires', named(criteria.beneficiaries, beneficiaries)],
  ];
  return rows.filter(([, values]) => values !== '');
}

/**
 * The export request of the initiatives page (spec public-site §2, §3 'Export request', §5, §7,
 * §8): 'Votre e-mail', the map's current criteria (read only, by name), the type and the period
 * (spec §9 defaults 'all' and 'current-year'), the captcha; the form's four states; after a send,
 * the spec's success message in place of the form. Sends `criteria` as they are.
 *
 * Closing the modal resets the form and its success state when the modal mounts it afresh (see
 * ExportReportDialog). `onSent` lets the modal move the focus.
 */
export function ExportReportForm({
  criteria,
  ignored = [],
  filters,
  onSent,
}: {
  criteria: ExportCriteria;
  /** The map's other criteria, which a report does not take (by name). */
  ignored?: readonly string[];
  filters: MapFilters;
  onSent?: (message: string) => void;
}) {
  const [email, setEmail] = useState('');
  const [type, setType] = useState<string>(EXPORT_DEFAULT_TYPE);
  const [period, setPeriod] = useState<string>(EXPORT_DEFAULT_PERIOD);
  const [done, setDone] = useState<string | null>(null);
  const form = useAnonymousForm(FIELDS);
  const { errors, processing } = form;
  const summary = criteriaSummary(criteria, filters);

  if (done) {
    return <Alert severity="success" small description={done} role="status" />;
  }

  return (
    <>
      <FormError message={form.generalError} />
      <form
        ref={form.formRef}
        noValidate
        aria-busy={processing}
        onSubmit={(event) =>
          void form.send(
            event,
            (extra) =>
              api.post<{ message: string }>(EXPORT_REPORT_PATH, {
                email,
                subthematics: criteria.subthematics,
                projectHolders: criteria.projectHolders,
                beneficiaries: criteria.beneficiaries,
                locations: criteria.locations,
                type,
                period,
                ...extra,
              }),
            (result) => {
              setDone(result.message);
              onSent?.(result.message);
            },
          )
        }
      >
        <p className={fr.cx('fr-hint-text')}>Tous les champs sont obligatoires.</p>
        <FieldInput
          name="email"
          label="Votre e-mail"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
          disabled={processing}
        />
        <div className={fr.cx('fr-mb-3w')}>
          <p className={fr.cx('fr-text--bold', 'fr-mb-1w')} id="export-report-criteria">
            Critères sélectionnés sur la carte
          </p>
          {summary.length ? (
            <ul
              className={fr.cx('fr-text--sm', 'fr-mb-0')}
              aria-labelledby="export-report-criteria"
            >
              {summary.map(([label, values]) => (
                <li key={label}>
                  {label} : {values}
                </li>
              ))}
            </ul>
          ) : (
            <p className={fr.cx('fr-text--sm', 'fr-mb-0')}>{NO_CRITERIA_TEXT}</p>
          )}
          {ignored.length > 0 && (
            <p className={fr.cx('fr-hint-text', 'fr-mt-1w', 'fr-mb-0')}>
              Non pris en compte dans le rapport : {ignored.join(', ')}.
            </p>
          )}
        </div>
        <Select
          label="Type"
          disabled={processing}
          state={errors.type ? 'error' : 'default'}
          stateRelatedMessage={errors.type}
          nativeSelectProps={{
            name: 'type',
            required: true,
            value: type,
            onChange: (event) => setType(event.target.value),
          }}
        >
          {filters.types.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
        <Select
          label="Période"
          disabled={processing}
          state={errors.period ? 'error' : 'default'}
          stateRelatedMessage={errors.period}
          nativeSelectProps={{
            name: 'period',
            required: true,
            value: period,
            onChange: (event) => setPeriod(event.target.value),
          }}
        >
          {filters.periods.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
        <AntiSpamFields form={form} />
        <SubmitButton processing={processing} className={fr.cx('fr-mt-2w')}>
          Envoyer
        </SubmitButton>
      </form>
    </>
  );
}
