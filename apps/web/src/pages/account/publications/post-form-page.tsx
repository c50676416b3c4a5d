import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import type { SavedResponse } from '@ad/contract/account/member-content';
import { USER_POSTS_PATH, type PostOptions } from '@ad/contract/account/publications';
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
  PublicationPage,
  RequiredNote,
  SAVE_CHANGES,
  fileToSend,
  publicationFormData,
  savedFiles,
  type FormTarget,
} from './publication-form-parts.tsx';
import { publicationQueries, useQueryOr404 } from './publication-queries.ts';

/** « Actualité : ajouter » / « Actualité : modifier » (spec account-area §2, §3 Post, §5). */
export function PostFormPage() {
  const { id } = useParams();
  const options = useQueryOr404(publicationQueries.postOptions(id));
  return (
    <PublicationPage
      title={id ? 'Actualité : modifier' : 'Actualité : ajouter'}
      status={options.data?.resource?.moderation_status_label}
    >
      {options.data ? <PostForm key={id ?? 'new'} id={id} options={options.data} /> : null}
    </PublicationPage>
  );
}

/** The form itself; `target` makes it the team's correction (issue 10). */
export function PostForm({
  id,
  options,
  target,
}: {
  id: string | undefined;
  options: PostOptions;
  target?: FormTarget;
}) {
  const saved = options.resource;
  const [values, setValues] = useState({
    category_id: saved?.category_id ? String(saved.category_id) : '',
    title: saved?.title ?? '',
    authors: saved?.authors ?? '',
    description: saved?.description ?? '',
    external_url: saved?.external_url ?? '',
  });
  const [image, setImage] = useState<FileFieldValue>(() =>
    fileFieldValue(savedFiles(saved?.featured_image)),
  );
  const [success, setSuccess] = useState<string | null>(null);
  const form = useAccountForm();
  const { processing, errorFor } = form;
  const set = (name: keyof typeof values) => (value: string) =>
    setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.submit(
      event,
      ({ onProgress, signal }) =>
        submitMultipart<SavedResponse>(
          'POST',
          target?.submitUrl ?? (id ? `${USER_POSTS_PATH}/${id}` : USER_POSTS_PATH),
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
          <FieldRow>
            <FieldInput
              name="title"
              label="Titre *"
              value={values.title}
              onChange={set('title')}
              error={errorFor('title')}
              disabled={processing}
            />
          </FieldRow>
          <FieldRow>
            <FieldInput
              name="authors"
              label="Auteurs *"
              value={values.authors}
              onChange={set('authors')}
              error={errorFor('authors')}
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
          <div className={fr.cx('fr-fieldset__element', 'fr-mt-2w')}>
            <FormButtons
              processing={processing}
              label={id ? SAVE_CHANGES : 'Soumettre mon actualité'}
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
