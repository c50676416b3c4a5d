import { useEffect, useState, type FormEvent } from 'react';
import { Checkbox, Select } from '../../../features/forms/dsfr-fields.tsx';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { pathTo } from '@ad/contract';
import type { SavedResponse } from '@ad/contract/account/member-content';
import type { InstitutionOptions } from '@ad/contract/account/user-account';
import { Loader } from '../../../app/loader.tsx';
import {
  ErrorBanner,
  FileField,
  FormError,
  ModerationBadge,
  SubmitButton,
  SuccessModal,
  UploadProgress,
  fileFieldValue,
  submitMultipart,
  toFormData,
  useAccountForm,
  type FileFieldValue,
} from '../../../features/account-forms/index.ts';
import { FieldInput } from '../../../features/forms/field-input.tsx';
import { fr } from '../../../lib/fr.ts';
import { institutionOptionsQuery } from '../dashboard/use-has-institution.ts';

type TextField =
  | 'society_name'
  | 'society_email'
  | 'address_line_1'
  | 'address_line_2'
  | 'postcode'
  | 'city'
  | 'phone'
  | 'website_url';

interface Values extends Record<TextField, string> {
  type_id: string;
  display_in_directory: boolean;
  send_also_to_personal_email: boolean;
}

function startValues(institution: InstitutionOptions['institution']): Values {
  return {
    type_id: institution?.type_id ? String(institution.type_id) : '',
    society_name: institution?.society_name ?? '',
    society_email: institution?.society_email ?? '',
    address_line_1: institution?.address_line_1 ?? '',
    address_line_2: institution?.address_line_2 ?? '',
    postcode: institution?.postcode ?? '',
    city: institution?.city ?? '',
    phone: institution?.phone ?? '',
    website_url: institution?.website_url ?? '',
    display_in_directory: institution?.display_in_directory ?? false,
    send_also_to_personal_email: institution?.send_also_to_personal_email ?? false,
  };
}

/**
 * « Ma structure » (spec account-area §2, §3 Institution, §5): the member's institution, created
 * or edited here; every save goes to moderation. The success modal's 'Fermer' goes back to the
 * dashboard, whose initiatives and démarches cards then count the institution.
 */
export function InstitutionPage() {
  const navigate = useNavigate();
  const options = useQuery(institutionOptionsQuery());

  useEffect(() => {
    if (options.isError) navigate(pathTo('404'), { replace: true });
  }, [options.isError, navigate]);

  return (
    <div className={fr.cx('fr-container', 'fr-my-6w')}>
      <h1>Ma structure</h1>
      {/* An edit of the published institution waits for the team (decision 0012). */}
      {options.data?.institution?.moderation_status === 'pending' && (
        <ModerationBadge label={options.data.institution.moderation_status_label} />
      )}
      {options.data ? <InstitutionForm options={options.data} /> : <Loader />}
    </div>
  );
}

function InstitutionForm({ options }: { options: InstitutionOptions }) {
  const [values, setValues] = useState(() => startValues(options.institution));
  const [image, setImage] = useState<FileFieldValue>(() =>
    fileFieldValue(options.image ? [options.image] : []),
  );
  const [success, setSuccess] = useState<string | null>(null);
  const form = useAccountForm();
  const { processing, errorFor } = form;

  const text = (
    name: TextField,
    label: string,
    extra: Partial<Parameters<typeof FieldInput>[0]> = {},
  ) => (
    <div className={fr.cx('fr-fieldset__element')}>
      <FieldInput
        name={name}
        label={label}
        value={values[name]}
        onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
        error={errorFor(name)}
        disabled={processing}
        required={false}
        {...extra}
      />
    </div>
  );

  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.submit(
      event,
      ({ onProgress, signal }) => {
        const added = image.added[0]?.file ?? null;
        const removed = !added && options.image !== null && image.existing.length === 0;
        const data = toFormData(
          { ...values, image: added, delete_image: removed },
          { method: options.institution ? 'put' : 'post' },
        );
        return submitMultipart<SavedResponse>('POST', '/api/user/institution', data, {
          onProgress,
          signal,
        });
      },
      (result) => setSuccess(result.message),
    );

  return (
    <>
      <p className={fr.cx('fr-hint-text')}>
        Les champs marqués d'un astérisque (*) sont obligatoires. Chaque modification est relue par
        notre équipe avant sa publication dans l'annuaire.
      </p>
      <FormError message={form.generalError} />
      <ErrorBanner show={form.hasErrors && !processing} />
      <form ref={form.formRef} noValidate aria-busy={processing} onSubmit={submit}>
        <fieldset className={fr.cx('fr-fieldset')} disabled={processing}>
          <div className={fr.cx('fr-fieldset__element')}>
            <FileField
              name="image"
              label="Image ou logo de la structure"
              accept={options.allowedImageMimes}
              existing={options.image ? [options.image] : []}
              value={image}
              onChange={setImage}
              error={errorFor('image')}
              disabled={processing}
            />
          </div>
          <div className={fr.cx('fr-fieldset__element')}>
            <Select
              label="Type de structure *"
              disabled={processing}
              state={errorFor('type_id') ? 'error' : 'default'}
              stateRelatedMessage={errorFor('type_id')}
              nativeSelectProps={{
                name: 'type_id',
                required: true,
                value: values.type_id,
                onChange: (event) =>
                  setValues((current) => ({ ...current, type_id: event.target.value })),
              }}
            >
              <option value="" disabled>
                Sélectionnez un type
              </option>
              {options.types.map((type) => (
                <option key={type.id} value={String(type.id)}>
                  {type.name}
                </option>
              ))}
            </Select>
          </div>
          {text('society_name', 'Nom de la structure *', {
            required: true,
            autoComplete: 'organization',
          })}
          {text('society_email', 'Adresse e-mail de la structure *', {
            required: true,
            type: 'email',
            autoComplete: 'email',
          })}
          {text('address_line_1', 'Adresse *', { required: true, autoComplete: 'address-line1' })}
          {text('address_line_2', 'Complément (facultatif)', { autoComplete: 'address-line2' })}
          {text('postcode', 'Code postal', { autoComplete: 'postal-code', maxLength: 10 })}
          {text('city', 'Ville', { autoComplete: 'address-level2' })}
          {text('phone', 'Téléphone', { autoComplete: 'tel' })}
          {text('website_url', 'Site internet', {
            autoComplete: 'url',
            hintText: 'Adresse complète, par exemple https://www.exemple.fr',
          })}
          <div className={fr.cx('fr-fieldset__element')}>
            <Checkbox
              disabled={processing}
              options={[
                {
                  label: "Afficher ma structure dans l'annuaire",
                  nativeInputProps: {
                    name: 'display_in_directory',
                    checked: values.display_in_directory,
                    onChange: (event) =>
                      setValues((current) => ({
                        ...current,
                        display_in_directory: event.target.checked,
                      })),
                  },
                },
                {
                  label: 'Envoyer aussi les messages à mon adresse e-mail personnelle',
                  hintText:
                    "Les messages adressés à votre structure depuis l'annuaire vous seront aussi envoyés.",
                  nativeInputProps: {
                    name: 'send_also_to_personal_email',
                    checked: values.send_also_to_personal_email,
                    onChange: (event) =>
                      setValues((current) => ({
                        ...current,
                        send_also_to_personal_email: event.target.checked,
                      })),
                  },
                },
              ]}
            />
          </div>
          <div className={fr.cx('fr-fieldset__element', 'fr-mt-2w')}>
            <SubmitButton processing={processing}>Enregistrer</SubmitButton>
            <UploadProgress value={form.uploadProgress} />
          </div>
        </fieldset>
      </form>
      <SuccessModal open={success !== null} message={success ?? ''} />
    </>
  );
}
