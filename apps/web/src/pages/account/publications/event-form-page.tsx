import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import type { SavedResponse } from '@ad/contract/account/member-content';
import { USER_EVENTS_PATH, type EventOptions } from '@ad/contract/account/publications';
import {
  ErrorBanner,
  FileField,
  FormError,
  RichTextEditor,
  SuccessModal,
  UploadProgress,
  fileFieldValue,
  submitMultipart,
  useAccountForm,
  type FileFieldValue,
} from '../../../features/account-forms/index.ts';
import { FieldInput } from '../../../features/forms/field-input.tsx';
import { fr } from '../../../lib/fr.ts';
import {
  DateField,
  FieldRow,
  FormButtons,
  IMAGE_MIMES,
  OptionSelect,
  PublicationPage,
  RequiredNote,
  SAVE_CHANGES,
  fileToSend,
  publicationFormData,
  savedFiles,
  type FormTarget,
} from './publication-form-parts.tsx';
import { publicationQueries, useQueryOr404 } from './publication-queries.ts';

/**
 * « Évènement : ajouter » / « Évènement : modifier » (spec account-area §2, §3 Event, §5): every
 * field but the external link is required; the end date may be left empty for a one-day event.
 */
export function EventFormPage() {
  const { id } = useParams();
  const options = useQueryOr404(publicationQueries.eventOptions(id));
  return (
    <PublicationPage
      title={id ? 'Évènement : modifier' : 'Évènement : ajouter'}
      status={options.data?.resource?.moderation_status_label}
    >
      {options.data ? <EventForm key={id ?? 'new'} id={id} options={options.data} /> : null}
    </PublicationPage>
  );
}

/** The form itself; `target` makes it the team's correction (issue 10). */
export function EventForm({
  id,
  options,
  target,
}: {
  id: string | undefined;
  options: EventOptions;
  target?: FormTarget;
}) {
  const saved = options.resource;
  const [values, setValues] = useState({
    category_id: saved?.category_id ? String(saved.category_id) : '',
    title: saved?.title ?? '',
    started_at: saved?.started_at ?? '',
    ended_at: saved?.ended_at ?? '',
    place: saved?.place ?? '',
    planner: saved?.planner ?? '',
    description: saved?.description ?? '',
    external_url: saved?.external_url ?? '',
  });
  const [image, setImage] = useState<FileFieldValue>(() =>
    fileFieldValue(savedFiles(saved?.image)),
  );
  const [success, setSuccess] = useState<string | null>(null);
  const form = useAccountForm();
  const { processing, errorFor } = form;
  const set = (name: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));
  const text = (name: 'title' | 'place' | 'planner', label: string) => (
    <FieldRow>
      <FieldInput
        name={name}
        label={`${label} *`}
        value={values[name]}
        onChange={set(name)}
        error={errorFor(name)}
        disabled={processing}
      />
    </FieldRow>
  );

  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.submit(
      event,
      ({ onProgress, signal }) =>
        submitMultipart<SavedResponse>(
          'POST',
          target?.submitUrl ?? (id ? `${USER_EVENTS_PATH}/${id}` : USER_EVENTS_PATH),
          publicationFormData(values, { image: fileToSend(image) }, Boolean(id)),
          { onProgress, signal },
        ),
      (result) => (target ? target.onSaved(result.message) : setSuccess(result.message)),
    );

  return (
    <>
      <RequiredNote reviewed={!target} />
      <FormError message={form.generalError} />
      <ErrorBanner show={form.hasErrors && !processing} />
      <form ref={form.formRef} noValidate aria-busy={processing} onSubmit={submit}>
        <fieldset className={fr.cx('fr-fieldset')} disabled={processing}>
          <FieldRow>
            <FileField
              name="image"
              label="Image"
              required
              accept={IMAGE_MIMES}
              existing={savedFiles(saved?.image)}
              value={image}
              onChange={setImage}
              error={errorFor('image')}
              disabled={processing}
            />
          </FieldRow>
          <OptionSelect
            name="category_id"
            label="Catégorie"
            placeholder="Sélectionnez une catégorie"
            options={options.categories.map((c) => ({ value: String(c.id), label: c.name }))}
            value={values.category_id}
            onChange={set('category_id')}
            error={errorFor('category_id')}
            disabled={processing}
          />
          {text('title', 'Titre')}
          <DateField
            name="started_at"
            label="Date de début"
            value={values.started_at}
            onChange={set('started_at')}
            error={errorFor('started_at')}
            disabled={processing}
          />
          <DateField
            name="ended_at"
            label="Date de fin (facultatif)"
            required={false}
            value={values.ended_at}
            onChange={set('ended_at')}
            error={errorFor('ended_at')}
            disabled={processing}
          />
          {text('place', 'Lieu')}
          {text('planner', 'Organisateur')}
          <FieldRow>
            <RichTextEditor
              id="field-description"
              label="Description"
              required
              value={values.description}
              onChange={set('description')}
              error={errorFor('description')}
              disabled={processing}
            />
          </FieldRow>
          <FieldRow>
            <FieldInput
              name="external_url"
              label="Lien externe"
              hintText="Adresse complète, par exemple https://www.exemple.fr"
              required={false}
              value={values.external_url}
              onChange={set('external_url')}
              error={errorFor('external_url')}
              disabled={processing}
            />
          </FieldRow>
          <div className={fr.cx('fr-fieldset__element', 'fr-mt-2w')}>
            <FormButtons
              processing={processing}
              label={id ? SAVE_CHANGES : 'Soumettre mon évènement'}
              target={target}
            />
            <UploadProgress value={form.uploadProgress} />
          </div>
        </fieldset>
      </form>
      <SuccessModal open={success !== null} message={success ?? ''} />
    </>
  );
}
