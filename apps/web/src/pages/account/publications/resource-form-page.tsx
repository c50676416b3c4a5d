import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import type { SavedResponse } from '@ad/contract/account/member-content';
import { USER_RESOURCES_PATH, type ResourceOptions } from '@ad/contract/account/publications';
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
  FieldRow,
  FormButtons,
  IMAGE_MIMES,
  OptionSelect,
  PDF_MIMES,
  PublicationPage,
  RequiredNote,
  SAVE_CHANGES,
  fileToSend,
  publicationFormData,
  savedFiles,
  type FormTarget,
} from './publication-form-parts.tsx';
import { publicationQueries, useQueryOr404 } from './publication-queries.ts';
import { keepFieldsOfType, type ResourceTypeFields } from './resource-type-fields.ts';

/**
 * « Ressource : ajouter » / « Ressource : modifier » (spec account-area §2, §3 Resource, §4, §5):
 * the type decides which of the link, the video link or the PDF document is asked for.
 */
export function ResourceFormPage() {
  const { id } = useParams();
  const options = useQueryOr404(publicationQueries.resourceOptions(id));
  return (
    <PublicationPage
      title={id ? 'Ressource : modifier' : 'Ressource : ajouter'}
      status={options.data?.resource?.moderation_status_label}
    >
      {options.data ? <ResourceForm key={id ?? 'new'} id={id} options={options.data} /> : null}
    </PublicationPage>
  );
}

/** The form itself; `target` makes it the team's correction (issue 10). */
export function ResourceForm({
  id,
  options,
  target,
}: {
  id: string | undefined;
  options: ResourceOptions;
  target?: FormTarget;
}) {
  const saved = options.resource;
  const [values, setValues] = useState({
    category_id: saved?.category_id ? String(saved.category_id) : '',
    thematic_id: saved?.thematic_id ?? '',
    type_id: saved?.type_id ?? '',
    name: saved?.name ?? '',
    description: saved?.description ?? '',
  });
  const [typeFields, setTypeFields] = useState<ResourceTypeFields>(() => ({
    external_url: saved?.external_url ?? '',
    video_url: saved?.video_url ?? '',
    document: fileFieldValue(savedFiles(saved?.document)),
  }));
  const [image, setImage] = useState<FileFieldValue>(() =>
    fileFieldValue(savedFiles(saved?.featured_image)),
  );
  const [success, setSuccess] = useState<string | null>(null);
  const form = useAccountForm();
  const { processing, errorFor } = form;
  const set = (name: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));
  const chooseType = (type: string) => {
    set('type_id')(type);
    setTypeFields((current) => keepFieldsOfType(type, current));
  };

  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.submit(
      event,
      ({ onProgress, signal }) =>
        submitMultipart<SavedResponse>(
          'POST',
          target?.submitUrl ?? (id ? `${USER_RESOURCES_PATH}/${id}` : USER_RESOURCES_PATH),
          publicationFormData(
            {
              ...values,
              external_url: typeFields.external_url,
              video_url: typeFields.video_url,
            },
            { image: fileToSend(image), document: fileToSend(typeFields.document) },
            Boolean(id),
          ),
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
              accept={IMAGE_MIMES}
              existing={savedFiles(saved?.featured_image)}
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
          <OptionSelect
            name="thematic_id"
            label="Thématique"
            placeholder="Sélectionnez une thématique"
            options={options.thematics.map((t) => ({ value: t.slug, label: t.name }))}
            value={values.thematic_id}
            onChange={set('thematic_id')}
            error={errorFor('thematic_id')}
            disabled={processing}
          />
          <FieldRow>
            <FieldInput
              name="name"
              label="Nom *"
              value={values.name}
              onChange={set('name')}
              error={errorFor('name')}
              disabled={processing}
            />
          </FieldRow>
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
          <OptionSelect
            name="type_id"
            label="Type de ressource"
            placeholder="Sélectionnez un type"
            options={options.types.map((t) => ({ value: t.slug, label: t.name }))}
            value={values.type_id}
            onChange={chooseType}
            error={errorFor('type_id')}
            disabled={processing}
          />
          {values.type_id === 'external_url' ? (
            <FieldRow>
              <FieldInput
                name="external_url"
                label="Lien externe *"
                hintText="Adresse complète, par exemple https://www.exemple.fr"
                value={typeFields.external_url}
                onChange={(value) => setTypeFields((c) => ({ ...c, external_url: value }))}
                error={errorFor('external_url')}
                disabled={processing}
              />
            </FieldRow>
          ) : null}
          {values.type_id === 'video' ? (
            <FieldRow>
              <FieldInput
                name="video_url"
                label="Lien de la vidéo *"
                hintText="Adresse de la vidéo, par exemple https://www.youtube.com/watch?v=…"
                value={typeFields.video_url}
                onChange={(value) => setTypeFields((c) => ({ ...c, video_url: value }))}
                error={errorFor('video_url')}
                disabled={processing}
              />
            </FieldRow>
          ) : null}
          {values.type_id === 'file' ? (
            <FieldRow>
              <FileField
                name="document"
                label="Document"
                required
                accept={PDF_MIMES}
                existing={savedFiles(saved?.document)}
                value={typeFields.document}
                onChange={(document) => setTypeFields((c) => ({ ...c, document }))}
                error={errorFor('document')}
                disabled={processing}
              />
            </FieldRow>
          ) : null}
          <div className={fr.cx('fr-fieldset__element', 'fr-mt-2w')}>
            <FormButtons
              processing={processing}
              label={id ? SAVE_CHANGES : 'Soumettre ma ressource'}
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
