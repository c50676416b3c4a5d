import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import {
  contrastWithWhite,
  isHexColor,
  MIN_COLOR_CONTRAST,
  settingsCreateSchema,
  settingsUpdateSchema,
  SETTINGS_NAME_MAX,
  TEAM_SETTINGS_MESSAGES,
  type SettingsEntry,
  type SettingsList,
  type SettingsWriteResponse,
} from '@ad/contract/account/team-settings';
import { CloseButton } from '../../../app/close-button.tsx';
import { NativeDialog } from '../../../app/native-dialog.tsx';
import {
  ErrorBanner,
  FormError,
  SubmitButton,
  useAccountForm,
} from '../../../features/account-forms/index.ts';
import { FieldInput } from '../../../features/forms/field-input.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';
import { fr } from '../../../lib/fr.ts';
import { formatNumber } from '../../../lib/french-numbers.ts';
import { entryUrl, listInfo, listUrl, parsedOr422 } from './team-settings-queries.ts';

/** What the dialog edits: a new entry (`entry` null) or an existing one. */
export interface EntryDialogTarget {
  list: SettingsList;
  entry: SettingsEntry | null;
}

const COLOR_HINT =
  'Code hexadécimal de la forme #RRGGBB, par exemple #417DC4. Il colore les repères de la carte, la légende et les fiches : une couleur trop claire est refusée, la marque blanche des repères devant rester visible.';

const formatRatio = (ratio: number) =>
  formatNumber(ratio, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

/**
 * Adds or edits an entry of a reference list: its name, the thematic of a new subthematic, a
 * theme's colour (a text field, the reference, and the browser's colour picker beside it). The
 * contract's schema checks the values first; the server's 422 shows under the same fields.
 */
export function SettingsEntryDialog({
  target,
  thematics,
  onCancel,
  onSaved,
}: {
  target: EntryDialogTarget | null;
  thematics: { id: number; name: string }[];
  onCancel: () => void;
  onSaved: (message: string) => void;
}) {
  const titleId = useId();
  // While a save runs the dialog stays open: Escape would unmount the form and abort the request.
  const saving = useRef(false);
  return (
    <NativeDialog
      open={target !== null}
      onClose={() => {
        if (!saving.current) onCancel();
      }}
      labelledBy={titleId}
      className="app-dialog"
    >
      {target ? (
        <EntryForm
          key={`${target.list}-${target.entry?.id ?? 'new'}`}
          target={target}
          thematics={thematics}
          titleId={titleId}
          saving={saving}
          onCancel={onCancel}
          onSaved={onSaved}
        />
      ) : null}
    </NativeDialog>
  );
}

function EntryForm({
  target,
  thematics,
  titleId,
  saving,
  onCancel,
  onSaved,
}: {
  target: EntryDialogTarget;
  thematics: { id: number; name: string }[];
  titleId: string;
  /** Set while the request runs, for the dialog's Escape. */
  saving: RefObject<boolean>;
  onCancel: () => void;
  onSaved: (message: string) => void;
}) {
  const { list, entry } = target;
  const info = listInfo(list);
  const form = useAccountForm();
  const ids = { thematic: useId(), color: useId(), picker: useId(), colorHint: useId() };
  const [name, setName] = useState(entry?.name ?? '');
  const [color, setColor] = useState(entry?.color ?? '');
  const [thematicId, setThematicId] = useState('');
  const title = entry ? `Modifier ${info.the} « ${entry.name} »` : `Ajouter ${info.one}`;
  const colorValid = isHexColor(color.trim());
  const ratio = colorValid ? contrastWithWhite(color.trim()) : null;

  const cancel = () => {
    if (!form.processing) onCancel();
  };

  useEffect(() => {
    saving.current = form.processing;
  }, [saving, form.processing]);

  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.submit(
      event,
      ({ signal }) => {
        const body = {
          name,
          ...(info.color ? { color } : {}),
          ...(info.parent && !entry ? { thematic_id: thematicId ? Number(thematicId) : null } : {}),
        };
        if (entry) {
          return api.put<SettingsWriteResponse>(
            entryUrl(list, entry.id),
            parsedOr422(settingsUpdateSchema, body),
            { signal },
          );
        }
        const checked = parsedOr422(settingsCreateSchema, body);
        if (info.parent && checked.thematic_id == null) {
          const message = TEAM_SETTINGS_MESSAGES.thematicRequired;
          throw new ApiError(422, message, { thematic_id: [message] });
        }
        return api.post<SettingsWriteResponse>(listUrl(list), checked, { signal });
      },
      (result) => onSaved(result.message),
    );

  const thematicError = form.errorFor('thematic_id');
  const colorError = form.errorFor('color');

  return (
    <div className={fr.cx('fr-modal__body')} aria-busy={form.processing}>
      <div className={fr.cx('fr-modal__header')}>
        <CloseButton title="Fermer la fenêtre modale" onClick={cancel} />
      </div>
      <form ref={form.formRef} noValidate onSubmit={submit}>
        <div className={fr.cx('fr-modal__content')}>
          <h2 id={titleId} className={fr.cx('fr-modal__title')}>
            {title}
          </h2>
          <FormError message={form.generalError} />
          <ErrorBanner show={form.hasErrors && !form.processing} />
          <FieldInput
            name="name"
            label="Nom *"
            hintText={`${SETTINGS_NAME_MAX} caractères au plus. Le nouveau nom s'affiche aussitôt sur le site public.`}
            value={name}
            onChange={setName}
            error={form.errorFor('name')}
            disabled={form.processing}
            maxLength={SETTINGS_NAME_MAX}
          />
          {info.parent && !entry ? (
            <div
              className={fr.cx('fr-select-group', thematicError ? 'fr-select-group--error' : null)}
            >
              <label className={fr.cx('fr-label')} htmlFor={ids.thematic}>
                Thématique *
              </label>
              <select
                id={ids.thematic}
                name="thematic_id"
                className={fr.cx('fr-select')}
                value={thematicId}
                onChange={(event) => setThematicId(event.target.value)}
                disabled={form.processing}
                required
                aria-describedby={thematicError ? `${ids.thematic}-error` : undefined}
                aria-invalid={thematicError ? true : undefined}
              >
                <option value="">Sélectionnez une thématique</option>
                {thematics.map((thematic) => (
                  <option key={thematic.id} value={thematic.id}>
                    {thematic.name}
                  </option>
                ))}
              </select>
              {thematicError ? (
                <p id={`${ids.thematic}-error`} className={fr.cx('fr-error-text')}>
                  {thematicError}
                </p>
              ) : null}
            </div>
          ) : null}
          {info.color ? (
            <div
              className={`${fr.cx('fr-input-group', colorError ? 'fr-input-group--error' : null)} app-settings-color`}
            >
              <label className={fr.cx('fr-label')} htmlFor={ids.color}>
                Couleur *
                <span className={fr.cx('fr-hint-text')} id={ids.colorHint}>
                  {COLOR_HINT}
                </span>
              </label>
              <div className="app-settings-color__fields">
                <input
                  id={ids.color}
                  name="color"
                  type="text"
                  className={fr.cx('fr-input', colorError ? 'fr-input--error' : null)}
                  value={color}
                  onChange={(event) => setColor(event.target.value)}
                  disabled={form.processing}
                  required
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={7}
                  aria-describedby={`${ids.colorHint}${colorError ? ` ${ids.color}-error` : ''}`}
                  aria-invalid={colorError ? true : undefined}
                />
                <label className="app-settings-color__picker" htmlFor={ids.picker}>
                  <span className={fr.cx('fr-sr-only')}>Choisir la couleur dans le nuancier</span>
                  <input
                    id={ids.picker}
                    type="color"
                    value={colorValid ? color.trim().toLowerCase() : '#000000'}
                    onChange={(event) => setColor(event.target.value.toUpperCase())}
                    disabled={form.processing}
                    title="Choisir la couleur dans le nuancier"
                  />
                </label>
              </div>
              {colorError ? (
                <p id={`${ids.color}-error`} className={fr.cx('fr-error-text')}>
                  {colorError}
                </p>
              ) : ratio !== null ? (
                <p
                  className={fr.cx(
                    'fr-text--sm',
                    'fr-mt-1w',
                    'fr-mb-0',
                    ratio < MIN_COLOR_CONTRAST ? 'fr-error-text' : null,
                  )}
                >
                  Contraste avec le blanc : {formatRatio(ratio)}:1
                  {ratio < MIN_COLOR_CONTRAST
                    ? ` (au moins ${formatRatio(MIN_COLOR_CONTRAST)}:1 attendu)`
                    : ''}
                </p>
              ) : null}
            </div>
          ) : null}
        </div>
        <div className={fr.cx('fr-modal__footer')}>
          <div
            className={fr.cx(
              'fr-btns-group',
              'fr-btns-group--right',
              'fr-btns-group--inline-reverse',
              'fr-btns-group--inline-lg',
            )}
          >
            <SubmitButton processing={form.processing}>
              {entry ? 'Enregistrer' : 'Ajouter'}
            </SubmitButton>
            <button
              type="button"
              className={fr.cx('fr-btn', 'fr-btn--secondary')}
              onClick={cancel}
              disabled={form.processing}
            >
              Annuler
            </button>
          </div>
        </div>
      </form>
    </div>
  );
}
