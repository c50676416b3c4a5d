import { useParams } from 'react-router';
import { PublicationPage } from '../publications/publication-form-parts.tsx';
import { useQueryOr404 } from '../publications/publication-queries.ts';
import { ProjectForm } from './project-form.tsx';
import { projectQueries } from './project-queries.ts';

/** « Initiative : ajouter » / « Initiative : modifier » (the route carries the id on edit). */
export function InitiativeFormPage() {
  const { id } = useParams();
  const { data } = useQueryOr404(projectQueries.initiativeOptions(id));
  return (
    <PublicationPage
      title={id ? 'Initiative : modifier' : 'Initiative : ajouter'}
      status={data?.resource?.moderation_status_label}
    >
      {data ? <ProjectForm key={id ?? 'new'} type="initiatives" id={id} options={data} /> : null}
    </PublicationPage>
  );
}

/** « Démarche : ajouter » / « Démarche : modifier ». */
export function FoodProcedureFormPage() {
  const { id } = useParams();
  const { data } = useQueryOr404(projectQueries.foodProcedureOptions(id));
  return (
    <PublicationPage
      title={id ? 'Démarche : modifier' : 'Démarche : ajouter'}
      status={data?.resource?.moderation_status_label}
    >
      {data ? (
        <ProjectForm key={id ?? 'new'} type="food_procedures" id={id} options={data} />
      ) : null}
    </PublicationPage>
  );
}
