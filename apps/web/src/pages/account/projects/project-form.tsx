import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Checkbox, Input } from '../../../features/forms/dsfr-fields.tsx';
import { RadioButtons } from '@codegouvfr/react-dsfr/RadioButtons';
import type { SavedResponse } from '@ad/contract/account/member-content';
import {
  MAX_PROJECT_DOCUMENTS,
  MAX_PROJECT_LOGOS,
  type FoodProcedureOptions,
  type InitiativeOptions,
  type ProjectFormResource,
} from '@ad/contract/account/projects';
import {
  AddressAutocomplete,
  DraftNotice,
  ErrorBanner,
  FileField,
  FormError,
  MultiSelect,
  RichTextEditor,
  SuccessModal,
  UploadProgress,
  fileFieldValue,
  submitMultipart,
  toFormData,
  useAccountForm,
  useFormDraft,
  type AddressValue,
  type FileFieldValue,
  type SelectOption,
} from '../../../features/account-forms/index.ts';
import { api } from '../../../lib/api-client.ts';
import { fr } from '../../../lib/fr.ts';
import {
  DateField,
  FormButtons,
  OptionSelect,
  PDF_MIMES,
  RequiredNote,
  SAVE_CHANGES,
  type FormTarget,
} from '../publications/publication-form-parts.tsx';
import { offeredSubthematics, withoutThematic } from './subthematic-rules.ts';
import type { ProjectType } from './project-queries.ts';

/** The initiative and food procedure form (spec account-area §2 'Form pages', §3, §4, §5). */

type GeoMode = 'communes' | 'communities_of_communes';

export interface ProjectValues {
  title: string;
  summary: string;
  project_holder_id: string;
  thematic_id: string;
  secondary_thematic_id: string;
  thematics: SelectOption[];
  is_pat: boolean;
  subthematics: SelectOption[];
  beneficiaries: SelectOption[];
  area_of_influence_id: string;
  territory_of_realization: string;
  food_procedure_id: string;
  technical_partners: { partner: string }[];
  financial_partners: { partner: string; device: string }[];
  website_urls: { website_url: string }[];
  nb_team_members: string;
  project_cost: string;
  released_at: string;
  ended_at: string;
  status: string;
  context: string;
  objectives: string;
  implementation_of_actions: string;
  keys_to_success: string;
  potential_brakes: string;
  prospects_for_future: string;
  originality_of_approach: string;
  issue_types: number[];
  issues_description: string;
  display_documents: boolean;
  address: AddressValue;
  geo_mode: GeoMode;
  communes: SelectOption[];
  communities_of_communes: SelectOption[];
  logos: FileFieldValue;
  documents: FileFieldValue;
}

const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

function initialValues(
  resource: (ProjectFormResource & Record<string, unknown>) | undefined,
  options: InitiativeOptions | FoodProcedureOptions,
): ProjectValues {
  const r = resource;
  const named = (ids: unknown, list: { id: number | string; name: string }[] = []) =>
    ((ids as (number | string)[] | undefined) ?? []).flatMap((id) =>
      list.filter((o) => o.id === id),
    );
  const init = options as InitiativeOptions;
  const allSubs = Object.values(init.subthematics ?? {}).flat();
  const issues = (r?.issues as { types: number[]; description: string | null } | undefined) ?? {
    types: [],
    description: null,
  };
  return {
    title: text(r?.title),
    summary: text(r?.summary),
    project_holder_id: text(r?.project_holder_id),
    thematic_id: text(r?.thematic_id as string | null),
    secondary_thematic_id: text(r?.secondary_thematic_id as string | null),
    thematics: ((r?.thematics as string[] | undefined) ?? []).flatMap((slug) =>
      options.thematics.filter((t) => t.slug === slug).map((t) => ({ id: t.slug, name: t.name })),
    ),
    is_pat: Boolean(r?.is_pat),
    subthematics: named(r?.subthematics, allSubs).filter(
      (o, i, all) => all.findIndex((x) => x.id === o.id) === i,
    ),
    beneficiaries: named(r?.beneficiaries, init.beneficiaries),
    area_of_influence_id: text(r?.area_of_influence_id),
    territory_of_realization: text(r?.territory_of_realization),
    food_procedure_id: text(r?.food_procedure_id as number | null),
    technical_partners: r?.technical_partners ?? [],
    financial_partners: (r?.financial_partners ?? []).map((p) => ({
      partner: p.partner,
      device: p.device ?? '',
    })),
    website_urls: r?.website_urls ?? [],
    nb_team_members: text(r?.nb_team_members),
    project_cost: text(r?.project_cost),
    released_at: text(r?.released_at),
    ended_at: text(r?.ended_at),
    status: text(r?.status),
    context: text(r?.context),
    objectives: text(r?.objectives),
    implementation_of_actions: text(r?.implementation_of_actions),
    keys_to_success: text(r?.keys_to_success),
    potential_brakes: text(r?.potential_brakes),
    prospects_for_future: text(r?.prospects_for_future),
    originality_of_approach: text(r?.originality_of_approach),
    issue_types: issues.types,
    issues_description: text(issues.description),
    display_documents: Boolean(r?.display_documents),
    address: {
      address_line_1: r?.address_line_1 ?? null,
      address_line_2: r?.address_line_2 ?? null,
      city: r?.city ?? null,
      postcode: r?.postcode ?? null,
      latitude: r?.latitude ?? null,
      longitude: r?.longitude ?? null,
    },
    // Communes when the item has some, else the default: communities of communes (spec §4).
    geo_mode: r && r.communes.length > 0 ? 'communes' : 'communities_of_communes',
    communes: (r?.communes ?? []).map((c) => ({ id: c.id, name: c.name_formatted })),
    communities_of_communes: (r?.communities_of_communes ?? []).map((c) => ({
      id: c.id,
      name: c.name,
    })),
    logos: fileFieldValue(r?.logos),
    documents: fileFieldValue(r?.documents),
  };
}

/** The multipart body, in the field names of spec §3. */
function formDataOf(type: ProjectType, v: ProjectValues, editing: boolean): FormData {
  const common = {
    title: v.title,
    summary: v.summary,
    project_holder_id: v.project_holder_id,
    area_of_influence_id: v.area_of_influence_id,
    territory_of_realization: v.territory_of_realization,
    technical_partners: v.technical_partners,
    financial_partners: v.financial_partners,
    website_urls: v.website_urls,
    nb_team_members: v.nb_team_members,
    project_cost: v.project_cost,
    released_at: v.released_at,
    ended_at: v.ended_at,
    status: v.status,
    context: v.context,
    objectives: v.objectives,
    implementation_of_actions: v.implementation_of_actions,
    keys_to_success: v.keys_to_success,
    potential_brakes: v.potential_brakes,
    prospects_for_future: v.prospects_for_future,
    originality_of_approach: v.originality_of_approach,
    display_documents: v.display_documents,
    ...v.address,
    communes: v.communes.map((c) => c.id),
    communities_of_communes: v.communities_of_communes.map((c) => c.id),
    logos: v.logos.existing.map((f) => ({ id: f.id, displayedName: f.displayedName ?? '' })),
    logo_files: v.logos.added.map((f) => ({ file: f.file, displayedName: f.displayedName ?? '' })),
    documents: v.documents.existing.map((f) => ({
      id: f.id,
      displayedName: f.displayedName ?? '',
    })),
    document_files: v.documents.added.map((f) => ({
      file: f.file,
      displayedName: f.displayedName ?? '',
    })),
  };
  const specific =
    type === 'initiatives'
      ? {
          thematic_id: v.thematic_id,
          secondary_thematic_id: v.secondary_thematic_id,
          food_procedure_id: v.food_procedure_id,
          subthematics: v.subthematics.map((s) => s.id),
          beneficiaries: v.beneficiaries.map((s) => s.id),
          issues: { types: v.issue_types, description: v.issues_description },
        }
      : { is_pat: v.is_pat, thematics: v.thematics.map((t) => t.id) };
  return toFormData({ ...common, ...specific }, { method: editing ? 'put' : 'post' });
}

export interface ProjectFormProps {
  type: ProjectType;
  id?: string;
  options: InitiativeOptions | FoodProcedureOptions;
  /** The team's correction (issue 10): where to send, what follows; no draft is kept. */
  target?: FormTarget;
}

export function ProjectForm({ type, id, options, target }: ProjectFormProps) {
  const editing = Boolean(id);
  const isInitiative = type === 'initiatives';
  const initiativeOptions = options as InitiativeOptions;
  const resource = options.resource as (ProjectFormResource & Record<string, unknown>) | undefined;
  const [values, setValues] = useState<ProjectValues>(() => initialValues(resource, options));
  const [saved, setSaved] = useState<string | null>(null);
  const form = useAccountForm();
  const draft = useFormDraft(
    `${type}:${id ?? 'new'}`,
    values,
    (restored) =>
      // Files are not kept in drafts: the restored value keeps the current ones.
      setValues((current) => ({
        ...restored,
        logos: current.logos,
        documents: current.documents,
      })),
    // A draft is the member's: the team's correction of the same item must not offer it.
    { enabled: !target },
  );
  const set = <K extends keyof ProjectValues>(key: K, value: ProjectValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const err = form.errorFor;
  const disabled = form.processing;

  const thematicChoices = options.thematics.map((t) => ({ value: t.slug, label: t.name }));
  const grouped = initiativeOptions.subthematics ?? {};
  const offered = offeredSubthematics(grouped, values.thematic_id, values.secondary_thematic_id);

  const changeThematic = (key: 'thematic_id' | 'secondary_thematic_id', slug: string) =>
    setValues((current) => ({
      ...current,
      [key]: slug,
      subthematics: withoutThematic(current.subthematics, grouped, current[key]),
    }));

  const submit = (event: FormEvent<HTMLFormElement>) =>
    form.submit(
      event,
      ({ onProgress, signal }) =>
        submitMultipart<SavedResponse>(
          'POST',
          target?.submitUrl ?? (id ? `/api/user/${type}/${id}` : `/api/user/${type}`),
          formDataOf(type, values, editing),
          { onProgress, signal },
        ),
      (response) => {
        if (target) {
          target.onSaved(response.message);
          return;
        }
        draft.clear();
        setSaved(response.message);
      },
    );

  return (
    <>
      <DraftNotice draft={draft} form={form.formRef} />
      <RequiredNote reviewed={!target} />
      <FormError message={form.generalError} />
      <ErrorBanner show={form.hasErrors && !form.processing} />
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <fieldset className={fr.cx('fr-fieldset')} disabled={disabled}>
          <TextField
            name="title"
            label="Titre"
            values={values}
            set={set}
            error={err('title')}
            required
          />
          <div className={fr.cx('fr-fieldset__element')}>
            <RichTextEditor
              id="field-summary"
              label="Résumé"
              value={values.summary}
              onChange={(html) => set('summary', html)}
              error={err('summary')}
              disabled={disabled}
              required
            />
          </div>
          <OptionSelect
            name="project_holder_id"
            label="Porteur de projet (facultatif)"
            options={options.projectHolders.map((o) => ({ value: String(o.id), label: o.name }))}
            value={values.project_holder_id}
            onChange={(v) => set('project_holder_id', v)}
            error={err('project_holder_id')}
            placeholder="Choisir un porteur de projet"
            required={false}
          />
          <div className={fr.cx('fr-fieldset__element')}>
            <AddressAutocomplete
              id="field-address_line_1"
              label="Adresse"
              value={values.address}
              onChange={(address) => set('address', address)}
              // The address's parts and its position come from the one field.
              error={
                err('address_line_1') ??
                err('postcode') ??
                err('city') ??
                err('latitude') ??
                err('longitude')
              }
              disabled={disabled}
              required
            />
          </div>
          <div className={fr.cx('fr-fieldset__element')}>
            <Input
              label="Complément (facultatif)"
              state={err('address_line_2') ? 'error' : 'default'}
              stateRelatedMessage={err('address_line_2')}
              nativeInputProps={{
                name: 'address_line_2',
                value: values.address.address_line_2 ?? '',
                onChange: (e) =>
                  set('address', { ...values.address, address_line_2: e.target.value }),
              }}
            />
          </div>
          {isInitiative ? (
            <>
              <OptionSelect
                name="thematic_id"
                label="Thématique"
                options={thematicChoices.filter((t) => t.value !== values.secondary_thematic_id)}
                value={values.thematic_id}
                onChange={(v) => changeThematic('thematic_id', v)}
                error={err('thematic_id')}
                placeholder="Choisir une thématique"
              />
              <OptionSelect
                name="secondary_thematic_id"
                label="Thématique secondaire (facultatif)"
                options={[...thematicChoices.filter((t) => t.value !== values.thematic_id)]}
                value={values.secondary_thematic_id}
                onChange={(v) => changeThematic('secondary_thematic_id', v)}
                error={err('secondary_thematic_id')}
                placeholder="Aucune"
                required={false}
              />
              <div className={fr.cx('fr-fieldset__element')}>
                <MultiSelect
                  id="field-subthematics"
                  label="Sous-thématiques (facultatif)"
                  options={offered}
                  value={values.subthematics}
                  onChange={(v) => set('subthematics', v)}
                  error={err('subthematics')}
                  disabled={disabled}
                />
              </div>
            </>
          ) : (
            <>
              <div className={fr.cx('fr-fieldset__element')}>
                <MultiSelect
                  id="field-thematics"
                  label="Thématiques"
                  options={options.thematics.map((t) => ({ id: t.slug, name: t.name }))}
                  value={values.thematics}
                  onChange={(v) => set('thematics', v)}
                  error={err('thematics')}
                  disabled={disabled}
                  required
                />
              </div>
              <div className={fr.cx('fr-fieldset__element')}>
                <RadioButtons
                  legend="Cette démarche est-elle un projet alimentaire territorial (PAT) ?"
                  orientation="horizontal"
                  disabled={disabled}
                  options={[
                    {
                      label: 'Oui',
                      nativeInputProps: {
                        name: 'is_pat',
                        checked: values.is_pat,
                        onChange: () => set('is_pat', true),
                      },
                    },
                    {
                      label: 'Non',
                      nativeInputProps: {
                        name: 'is_pat',
                        checked: !values.is_pat,
                        onChange: () => set('is_pat', false),
                      },
                    },
                  ]}
                />
              </div>
            </>
          )}
          <OptionSelect
            name="area_of_influence_id"
            label="Zone d'influence"
            options={options.areaOfInfluences.map((o) => ({ value: String(o.id), label: o.name }))}
            value={values.area_of_influence_id}
            onChange={(v) => set('area_of_influence_id', v)}
            error={err('area_of_influence_id')}
            placeholder="Choisir une zone d'influence"
          />
          {isInitiative ? (
            <div className={fr.cx('fr-fieldset__element')}>
              <MultiSelect
                id="field-beneficiaries"
                label="Bénéficiaires (facultatif)"
                options={initiativeOptions.beneficiaries}
                value={values.beneficiaries}
                onChange={(v) => set('beneficiaries', v)}
                error={err('beneficiaries')}
                disabled={disabled}
              />
            </div>
          ) : null}
          <TextField
            name="territory_of_realization"
            label="Territoire de réalisation"
            values={values}
            set={set}
            error={err('territory_of_realization')}
            required
          />
          <div className={fr.cx('fr-fieldset__element')}>
            <RadioButtons
              legend="Territoire concerné *"
              orientation="horizontal"
              disabled={disabled}
              options={[
                {
                  label: 'Communautés de communes',
                  nativeInputProps: {
                    name: 'geo_mode',
                    // The server reports a missing territory under 'communes': in this mode
                    // the focus lands here, just above the list that shows the message.
                    ...({ 'data-error-keys': 'communes' } as object),
                    checked: values.geo_mode === 'communities_of_communes',
                    onChange: () =>
                      setValues((c) => ({
                        ...c,
                        geo_mode: 'communities_of_communes',
                        communes: [],
                      })),
                  },
                },
                {
                  label: 'Communes',
                  nativeInputProps: {
                    name: 'geo_mode',
                    checked: values.geo_mode === 'communes',
                    onChange: () =>
                      setValues((c) => ({
                        ...c,
                        geo_mode: 'communes',
                        communities_of_communes: [],
                      })),
                  },
                },
              ]}
            />
          </div>
          <div className={fr.cx('fr-fieldset__element')}>
            {values.geo_mode === 'communes' ? (
              <MultiSelect
                id="field-communes"
                label="Communes"
                search={searchCommunes}
                value={values.communes}
                onChange={(v) => set('communes', v)}
                error={err('communes')}
                disabled={disabled}
                required
              />
            ) : (
              <MultiSelect
                id="field-communities_of_communes"
                label="Communautés de communes"
                search={searchCommunities}
                value={values.communities_of_communes}
                onChange={(v) => set('communities_of_communes', v)}
                error={err('communities_of_communes') ?? err('communes')}
                disabled={disabled}
                required
              />
            )}
          </div>
          {isInitiative ? (
            <OptionSelect
              name="food_procedure_id"
              label="Démarche associée (facultatif)"
              options={[
                { value: '', label: 'Aucune' },
                ...initiativeOptions.foodProcedures.map((p) => ({
                  value: String(p.id),
                  label: p.title,
                })),
              ]}
              value={values.food_procedure_id}
              onChange={(v) => set('food_procedure_id', v)}
              error={err('food_procedure_id')}
              placeholder="Choisir une démarche"
              required={false}
            />
          ) : null}
          <Repeater
            legend="Partenaires techniques (facultatif)"
            items={values.technical_partners}
            onChange={(items) => set('technical_partners', items)}
            empty={{ partner: '' }}
            disabled={disabled}
            addLabel="Ajouter un partenaire technique"
            itemLabel={(i) => `le partenaire technique ${i + 1}`}
            render={(item, i, update) => (
              <Input
                label={`Partenaire technique ${i + 1}`}
                state={err(`technical_partners.${i}.partner`) ? 'error' : 'default'}
                stateRelatedMessage={err(`technical_partners.${i}.partner`)}
                nativeInputProps={{
                  name: `technical_partners.${i}.partner`,
                  value: item.partner,
                  onChange: (e) => update({ partner: e.target.value }),
                }}
              />
            )}
          />
          <Repeater
            legend="Partenaires financiers (facultatif)"
            items={values.financial_partners}
            onChange={(items) => set('financial_partners', items)}
            empty={{ partner: '', device: '' }}
            disabled={disabled}
            addLabel="Ajouter un partenaire financier"
            itemLabel={(i) => `le partenaire financier ${i + 1}`}
            render={(item, i, update) => (
              <>
                <Input
                  label={`Partenaire financier ${i + 1}`}
                  state={err(`financial_partners.${i}.partner`) ? 'error' : 'default'}
                  stateRelatedMessage={err(`financial_partners.${i}.partner`)}
                  nativeInputProps={{
                    name: `financial_partners.${i}.partner`,
                    value: item.partner,
                    onChange: (e) => update({ ...item, partner: e.target.value }),
                  }}
                />
                <Input
                  label={`Dispositif du partenaire financier ${i + 1} (facultatif)`}
                  state={err(`financial_partners.${i}.device`) ? 'error' : 'default'}
                  stateRelatedMessage={err(`financial_partners.${i}.device`)}
                  nativeInputProps={{
                    name: `financial_partners.${i}.device`,
                    value: item.device,
                    onChange: (e) => update({ ...item, device: e.target.value }),
                  }}
                />
              </>
            )}
          />
          <TextField
            name="nb_team_members"
            label="Nombre de membres de l'équipe (facultatif)"
            values={values}
            set={set}
            error={err('nb_team_members')}
            type="number"
          />
          <TextField
            name="project_cost"
            label={
              isInitiative
                ? 'Coût du projet en euros (facultatif)'
                : "Coût de l'animation en euros (facultatif)"
            }
            values={values}
            set={set}
            error={err('project_cost')}
            type="number"
          />
          <DateField
            name="released_at"
            label="Date de lancement"
            value={values.released_at}
            onChange={(v) => set('released_at', v)}
            error={err('released_at')}
          />
          <DateField
            name="ended_at"
            label="Date de fin (facultatif)"
            value={values.ended_at}
            onChange={(v) => set('ended_at', v)}
            error={err('ended_at')}
            required={false}
          />
          <OptionSelect
            name="status"
            label="État d'avancement"
            options={options.statuses.map((o) => ({ value: String(o.id), label: o.name }))}
            value={values.status}
            onChange={(v) => set('status', v)}
            error={err('status')}
            placeholder="Choisir un état d'avancement"
          />
          <TextField
            name="context"
            label="Contexte"
            values={values}
            set={set}
            error={err('context')}
            required
            textArea
          />
          <TextField
            name="objectives"
            label="Objectifs"
            values={values}
            set={set}
            error={err('objectives')}
            required
            textArea
          />
          <TextField
            name="implementation_of_actions"
            label="Mise en œuvre des actions"
            values={values}
            set={set}
            error={err('implementation_of_actions')}
            required
            textArea
          />
          <TextField
            name="keys_to_success"
            label="Clés de réussite"
            values={values}
            set={set}
            error={err('keys_to_success')}
            required
            textArea
          />
          <TextField
            name="prospects_for_future"
            label="Perspectives (facultatif)"
            values={values}
            set={set}
            error={err('prospects_for_future')}
            textArea
          />
          <TextField
            name="potential_brakes"
            label="Freins potentiels (facultatif)"
            values={values}
            set={set}
            error={err('potential_brakes')}
            textArea
          />
          <TextField
            name="originality_of_approach"
            label="Originalité de la démarche (facultatif)"
            values={values}
            set={set}
            error={err('originality_of_approach')}
            textArea
          />
          {isInitiative ? (
            <div className={fr.cx('fr-fieldset__element')}>
              <Checkbox
                legend="Enjeux (facultatif)"
                state={err('issues.types') ? 'error' : 'default'}
                stateRelatedMessage={err('issues.types')}
                options={initiativeOptions.types.map((type) => ({
                  label: type.name,
                  nativeInputProps: {
                    name: 'issues.types',
                    checked: values.issue_types.includes(Number(type.id)),
                    onChange: (e) =>
                      set(
                        'issue_types',
                        e.target.checked
                          ? [...values.issue_types, Number(type.id)]
                          : values.issue_types.filter((t) => t !== Number(type.id)),
                      ),
                  },
                }))}
              />
              <Input
                label="Description des enjeux (facultatif)"
                textArea
                state={err('issues.description') ? 'error' : 'default'}
                stateRelatedMessage={err('issues.description')}
                nativeTextAreaProps={{
                  name: 'issues.description',
                  value: values.issues_description,
                  onChange: (e) => set('issues_description', e.target.value),
                }}
              />
            </div>
          ) : null}
          <Repeater
            legend="Liens vers des sites web (facultatif)"
            items={values.website_urls}
            onChange={(items) => set('website_urls', items)}
            empty={{ website_url: '' }}
            disabled={disabled}
            addLabel="Ajouter un lien"
            itemLabel={(i) => `le lien ${i + 1}`}
            render={(item, i, update) => (
              <Input
                label={`Lien ${i + 1}`}
                hintText="Par exemple : https://www.exemple.fr"
                state={err(`website_urls.${i}.website_url`) ? 'error' : 'default'}
                stateRelatedMessage={err(`website_urls.${i}.website_url`)}
                nativeInputProps={{
                  name: `website_urls.${i}.website_url`,
                  type: 'url',
                  value: item.website_url,
                  onChange: (e) => update({ website_url: e.target.value }),
                }}
              />
            )}
          />
          <div className={fr.cx('fr-fieldset__element')}>
            <FileField
              name="logo_files"
              existingName="logos"
              label="Logos (facultatif)"
              accept={options.allowedImageMimes}
              max={MAX_PROJECT_LOGOS}
              existing={resource?.logos}
              value={values.logos}
              onChange={(v) => set('logos', v)}
              withDisplayName
              error={err('logo_files') ?? err('logos')}
              errorFor={err}
              disabled={disabled}
            />
          </div>
          <div className={fr.cx('fr-fieldset__element')}>
            <FileField
              name="document_files"
              existingName="documents"
              label="Documents (facultatif)"
              accept={PDF_MIMES}
              max={MAX_PROJECT_DOCUMENTS}
              existing={resource?.documents}
              value={values.documents}
              onChange={(v) => set('documents', v)}
              withDisplayName
              error={err('document_files') ?? err('documents')}
              errorFor={err}
              disabled={disabled}
            />
          </div>
          <div className={fr.cx('fr-fieldset__element')}>
            <Checkbox
              options={[
                {
                  label: 'Afficher les documents sur la fiche publique',
                  nativeInputProps: {
                    name: 'display_documents',
                    checked: values.display_documents,
                    onChange: (e) => set('display_documents', e.target.checked),
                  },
                },
              ]}
            />
          </div>
        </fieldset>
        <UploadProgress value={form.uploadProgress} />
        <FormButtons
          processing={form.processing}
          label={
            editing
              ? SAVE_CHANGES
              : isInitiative
                ? 'Soumettre mon initiative'
                : 'Soumettre ma démarche'
          }
          target={target}
        />
      </form>
      <SuccessModal open={saved !== null} message={saved ?? ''} />
    </>
  );
}

type TextKey = {
  [K in keyof ProjectValues]: ProjectValues[K] extends string ? K : never;
}[keyof ProjectValues];

function TextField({
  name,
  label,
  values,
  set,
  error,
  required,
  textArea,
  type,
}: {
  name: TextKey;
  label: string;
  values: ProjectValues;
  set: (key: TextKey, value: string) => void;
  error?: string;
  required?: boolean;
  textArea?: boolean;
  type?: string;
}) {
  const common = {
    name,
    id: `field-${name}`,
    value: values[name],
    required,
    'aria-required': required || undefined,
  };
  return (
    <div className={fr.cx('fr-fieldset__element')}>
      {textArea ? (
        <Input
          label={required ? `${label} *` : label}
          textArea
          state={error ? 'error' : 'default'}
          stateRelatedMessage={error}
          nativeTextAreaProps={{ ...common, rows: 5, onChange: (e) => set(name, e.target.value) }}
        />
      ) : (
        <Input
          label={required ? `${label} *` : label}
          state={error ? 'error' : 'default'}
          stateRelatedMessage={error}
          nativeInputProps={{
            ...common,
            type: type ?? 'text',
            onChange: (e) => set(name, e.target.value),
          }}
        />
      )}
    </div>
  );
}

/** A list of rows with « Ajouter » and « Supprimer » buttons (partners, links). */
function Repeater<T>({
  legend,
  items,
  onChange,
  empty,
  render,
  disabled,
  addLabel,
  itemLabel,
}: {
  legend: string;
  items: T[];
  onChange: (items: T[]) => void;
  empty: T;
  render: (item: T, index: number, update: (next: T) => void) => ReactNode;
  disabled: boolean;
  addLabel: string;
  /** Names the row in its « Supprimer » button for screen readers (« le lien 2 »). */
  itemLabel: (index: number) => string;
}) {
  const box = useRef<HTMLFieldSetElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  // The row whose first field takes the focus after a change (-1: « Ajouter »): a new row, or
  // after « Supprimer » (gone with its row) the one in its place, else the one before.
  const focusRow = useRef<number | null>(null);
  useEffect(() => {
    const row = focusRow.current;
    if (row === null) return;
    focusRow.current = null;
    const rows = box.current?.querySelectorAll(':scope > [data-repeater-row]');
    const field =
      row < 0 ? null : rows?.[row]?.querySelector<HTMLElement>('input, select, textarea');
    (field ?? addButton.current)?.focus();
  }, [items.length]);

  return (
    <div className={fr.cx('fr-fieldset__element')}>
      <fieldset ref={box} className={fr.cx('fr-fieldset', 'fr-mb-0')}>
        <legend className={fr.cx('fr-fieldset__legend', 'fr-fieldset__legend--regular')}>
          {legend}
        </legend>
        {items.map((item, index) => (
          <div key={index} className={fr.cx('fr-fieldset__element')} data-repeater-row>
            {render(item, index, (next) => onChange(items.map((x, i) => (i === index ? next : x))))}
            <button
              type="button"
              className={fr.cx(
                'fr-btn',
                'fr-btn--sm',
                'fr-btn--tertiary',
                'fr-icon-delete-line',
                'fr-btn--icon-left',
              )}
              disabled={disabled}
              onClick={() => {
                focusRow.current = items.length > 1 ? Math.min(index, items.length - 2) : -1;
                onChange(items.filter((_, i) => i !== index));
              }}
            >
              Supprimer<span className={fr.cx('fr-sr-only')}> {itemLabel(index)}</span>
            </button>
          </div>
        ))}
        <div className={fr.cx('fr-fieldset__element')}>
          <button
            type="button"
            className={fr.cx(
              'fr-btn',
              'fr-btn--sm',
              'fr-btn--secondary',
              'fr-icon-add-line',
              'fr-btn--icon-left',
            )}
            ref={addButton}
            disabled={disabled}
            onClick={() => {
              focusRow.current = items.length;
              onChange([...items, empty]);
            }}
          >
            {addLabel}
          </button>
        </div>
      </fieldset>
    </div>
  );
}

function searchCommunes(query: string, signal: AbortSignal): Promise<SelectOption[]> {
  return api
    .get<{ data: { id: string; name_formatted: string }[] }>(
      `/api/communes?query=${encodeURIComponent(query)}`,
      { signal },
    )
    .then((r) => r.data.map((c) => ({ id: c.id, name: c.name_formatted })));
}

function searchCommunities(query: string, signal: AbortSignal): Promise<SelectOption[]> {
  return api
    .get<{ data: { id: string; name: string }[] }>(
      `/api/communities_of_communes?query=${encodeURIComponent(query)}`,
      { signal },
    )
    .then((r) => r.data);
}
