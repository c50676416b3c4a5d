import { useState, type FormEvent } from 'react';
import { Select } from '../../../features/forms/dsfr-fields.tsx';
import { Link } from 'react-router';
import { pathTo } from '@ad/contract';
import {
  faqCategoryInputSchema,
  faqItemInputSchema,
  TEAM_CONTENT_LIMITS,
  type FaqCategoryRow,
  type FaqItemRow,
  type FaqItemsList,
  type TeamContentList,
  type TeamContentWriteResponse,
} from '@ad/contract/account/team-content';
import { RichTextEditor, useAccountForm } from '../../../features/account-forms/index.ts';
import { FieldInput } from '../../../features/forms/field-input.tsx';
import { api } from '../../../lib/api-client.ts';
import { fr } from '../../../lib/fr.ts';
import { ModerationFrame } from '../team-only.tsx';
import { EntriesSection, type EntryFormProps } from './entries-section.tsx';
import { EntryForm, FormRow } from './entry-form.tsx';
import { entryUrl, kindUrl, parsedOr422 } from './team-content-queries.ts';
import '../moderation.css';
import './team-content.css';

type CategoriesList = TeamContentList<FaqCategoryRow>;

const questionsCount = (count: number) =>
  count === 0 ? 'Aucune' : count > 1 ? `${count} questions` : '1 question';

/**
 * « Foire aux questions » of the back office (issue 10): the categories and the questions of
 * /foire-aux-questions, each in the order the team sets. A category appears on the public page
 * once it holds a question; it is deleted only when empty.
 */
export function FaqAdminPage() {
  return (
    <ModerationFrame title="Foire aux questions" reservedTitle="Foire aux questions">
      <p>
        La page{' '}
        <Link to={pathTo('faq')} className={fr.cx('fr-link')}>
          Foire aux questions
        </Link>{' '}
        du site public montre les catégories qui ont des questions, dans l'ordre choisi ici. Un
        changement y apparaît aussitôt.
      </p>
      <EntriesSection<FaqCategoryRow, CategoriesList>
        kind="faq-categories"
        title="Catégories"
        addLabel="Ajouter une catégorie"
        columns={() => [
          { header: 'Nom', cell: (row) => row.name, multiline: true },
          { header: 'Questions', cell: (row) => questionsCount(row.items_count) },
        ]}
        nameOf={(row) => row.name}
        caption={(rows) => `Catégories de la FAQ (${rows.length}), dans l'ordre du site public`}
        empty="Aucune catégorie pour le moment."
        ordered
        Form={CategoryForm}
      />
      <EntriesSection<FaqItemRow, FaqItemsList>
        kind="faq-items"
        title="Questions"
        addLabel="Ajouter une question"
        cannotAdd={(list) =>
          list.categories.length === 0
            ? "Ajoutez d'abord une catégorie : chaque question appartient à une catégorie."
            : null
        }
        columns={() => [
          {
            header: 'Question',
            cell: (row) => (
              <Link to={row.url} className={fr.cx('fr-link')}>
                {row.question}
              </Link>
            ),
            multiline: true,
          },
          { header: 'Catégorie', cell: (row) => row.category_name, multiline: true },
        ]}
        nameOf={(row) => row.question}
        caption={(rows) =>
          `Questions de la FAQ (${rows.length}), par catégorie, dans l'ordre du site public`
        }
        empty="Aucune question pour le moment."
        ordered
        groupOf={(row) => row.category_id}
        Form={ItemForm}
      />
    </ModerationFrame>
  );
}

function CategoryForm({
  entry,
  onSaved,
  onCancel,
}: EntryFormProps<FaqCategoryRow, CategoriesList>) {
  const form = useAccountForm();
  const [name, setName] = useState(entry?.name ?? '');

  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.submit(
      event,
      () => {
        const body = parsedOr422(faqCategoryInputSchema, { name });
        return entry
          ? api.put<TeamContentWriteResponse<FaqCategoryRow>>(
              entryUrl('faq-categories', entry.id),
              body,
            )
          : api.post<TeamContentWriteResponse<FaqCategoryRow>>(kindUrl('faq-categories'), body);
      },
      (result) => onSaved(result.message),
    );

  return (
    <EntryForm
      title={entry ? `Modifier la catégorie « ${entry.name} »` : 'Ajouter une catégorie'}
      form={form}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <FormRow>
        <FieldInput
          name="name"
          label="Nom *"
          value={name}
          onChange={setName}
          error={form.errorFor('name')}
          maxLength={TEAM_CONTENT_LIMITS.text}
        />
      </FormRow>
    </EntryForm>
  );
}

function ItemForm({ entry, list, onSaved, onCancel }: EntryFormProps<FaqItemRow, FaqItemsList>) {
  const form = useAccountForm();
  const [values, setValues] = useState({
    category_id: entry ? String(entry.category_id) : '',
    question: entry?.question ?? '',
    answer: entry?.answer ?? '',
  });

  const submit = (event: FormEvent<HTMLFormElement>) =>
    void form.submit(
      event,
      () => {
        const body = parsedOr422(faqItemInputSchema, values);
        return entry
          ? api.put<TeamContentWriteResponse<FaqItemRow>>(entryUrl('faq-items', entry.id), body)
          : api.post<TeamContentWriteResponse<FaqItemRow>>(kindUrl('faq-items'), body);
      },
      (result) => onSaved(result.message),
    );

  const categoryError = form.errorFor('category_id');
  return (
    <EntryForm
      title={entry ? `Modifier la question « ${entry.question} »` : 'Ajouter une question'}
      form={form}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <FormRow>
        <Select
          label="Catégorie *"
          hint="Une question changée de catégorie se place à la fin de sa nouvelle catégorie."
          state={categoryError ? 'error' : 'default'}
          stateRelatedMessage={categoryError}
          nativeSelectProps={{
            name: 'category_id',
            required: true,
            value: values.category_id,
            onChange: (event) =>
              setValues((current) => ({ ...current, category_id: event.target.value })),
          }}
        >
          <option value="" disabled>
            Sélectionnez une catégorie
          </option>
          {list.categories.map((category) => (
            <option key={category.id} value={String(category.id)}>
              {category.name}
            </option>
          ))}
        </Select>
      </FormRow>
      <FormRow>
        <FieldInput
          name="question"
          label="Question *"
          value={values.question}
          onChange={(question) => setValues((current) => ({ ...current, question }))}
          error={form.errorFor('question')}
          maxLength={TEAM_CONTENT_LIMITS.question}
        />
      </FormRow>
      <FormRow>
        <RichTextEditor
          id="field-answer"
          label="Réponse"
          required
          value={values.answer}
          onChange={(answer) => setValues((current) => ({ ...current, answer }))}
          error={form.errorFor('answer')}
          disabled={form.processing}
        />
      </FormRow>
    </EntryForm>
  );
}
