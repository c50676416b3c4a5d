import { useParams } from 'react-router';
import { InstitutionNeeded } from '../dashboard/dashboard-card.tsx';
import { useHasInstitution } from '../dashboard/use-has-institution.ts';
import { PublicationPage } from '../publications/publication-form-parts.tsx';
import { useQueryOr404 } from '../publications/publication-queries.ts';
import { ProjectForm } from './project-form.tsx';
import { projectQueries } from './project-queries.ts';

/**
 * Creating an initiative or a démarche needs an institution (spec §6): without one, the page says
 * so as the dashboard's cards do, rather than a form the server would refuse once filled in.
 */
function useCreationAllowed(id: string | undefined): boolean | null {
  const hasInstitution = useHasInstitution();
  return id ? true : hasInstitution;
}

/** « Initiative : ajouter » / « Initiative : modifier » (the route carries the id on edit). */
export function InitiativeFormPage() {
  const { id } = useParams();
  const allowed = useCreationAllowed(id);
  const { data } = useQueryOr404(projectQueries.initiativeOptions(id));
  return (
    <PublicationPage
      title={id ? 'Initiative : modifier' : 'Initiative : ajouter'}
      status={data?.resource?.moderation_status_label}
    >
      {allowed === false ? (
        <InstitutionNeeded />
      ) : data && allowed ? (
        <ProjectForm key={id ?? 'new'} type="initiatives" id={id} options={data} />
      ) : null}
    </PublicationPage>
  );
}

/** « Démarche : ajouter » / « Démarche : modifier ». */
export function FoodProcedureFormPage() {
  const { id } = useParams();
  const allowed = useCreationAllowed(id);
  const { data } = useQueryOr404(projectQueries.foodProcedureOptions(id));
  return (
    <PublicationPage
      title={id ? 'Démarche : modifier' : 'Démarche : ajouter'}
      status={data?.resource?.moderation_status_label}
    >
      {allowed === false ? (
        <InstitutionNeeded />
      ) : data && allowed ? (
        <ProjectForm key={id ?? 'new'} type="food_procedures" id={id} options={data} />
      ) : null}
    </PublicationPage>
  );
}
