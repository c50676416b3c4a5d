import type { Role } from '@ad/contract';
import type { AuditPerson } from '@ad/contract/account/audit-history';
import { ROLE_LABELS } from '@ad/contract/account/team-users';
import { SETTINGS_LIST_INFO, isSettingsList } from '@ad/contract/account/team-settings';
import { FIELD_LABELS } from '../moderation/moderation-fields.ts';
import { SUBJECTS_BY_TYPE, type PersonRow } from './audit-history.queries.ts';

const COMMENT_LENGTH = 500;

const parisDay = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'short' });

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;
const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const plural = (count: number, one: string, many: string) => (count > 1 ? many : one);
const roleLabel = (value: unknown) =>
  typeof value === 'string' && value in ROLE_LABELS ? ROLE_LABELS[value as Role] : null;
const day = (value: unknown) => {
  const date = text(value) ? new Date(value as string) : null;
  return date && !Number.isNaN(date.getTime()) ? parisDay.format(date) : null;
};

export const personOf = (row: PersonRow): AuditPerson => ({
  id: row.id,
  name: [row.firstname, row.lastname].filter(Boolean).join(' '),
  email: row.email,
});

/** The title an event kept of its subject (items deleted since, reference list entries). */
export function titleFromData(data: Record<string, unknown>): string | null {
  return text(data.title) ?? text(data.name) ?? text(data.society_name);
}

function settingsSummary(verb: string, data: Record<string, unknown>): string | null {
  const name = text(data.name);
  const list = isSettingsList(data.list) ? SETTINGS_LIST_INFO[data.list].label : null;
  const where = list ? `${list} : ` : '';
  const previous = text(data.previous_name);
  if (verb === 'update' && previous && name && previous !== name) {
    return `${where}« ${previous} » renommé en « ${name} ».`;
  }
  if (verb === 'update' && text(data.color) && data.color !== data.previous_color) {
    return `${where}« ${name ?? ''} », couleur ${text(data.previous_color) ?? '—'} → ${text(data.color)}.`;
  }
  if (verb === 'move' && name) {
    return `${where}« ${name} » ${data.direction === 'up' ? 'monté' : 'descendu'} d'un rang.`;
  }
  return name ? `${where}« ${name} ».` : null;
}

function correctedFields(subjectType: string | null, data: Record<string, unknown>): string | null {
  const fields = data.fields;
  if (!Array.isArray(fields)) return null;
  const subject = subjectType ? SUBJECTS_BY_TYPE.get(subjectType) : undefined;
  const labels = subject ? FIELD_LABELS[subject.type] : {};
  const names = fields.map((field) => labels[String(field)] ?? String(field));
  return names.length ? `Champs corrigés : ${names.join(', ')}.` : 'Aucun champ modifié.';
}

/** What the event's data says, in French; null when there is nothing worth a sentence. */
export function summaryOf(
  action: string,
  subjectType: string | null,
  data: Record<string, unknown>,
): string | null {
  const [domain, verb = ''] = action.split('.');
  const comment = text(data.comment);
  switch (action) {
    case 'user.role': {
      const before = roleLabel(data.previous_role);
      const after = roleLabel(data.role);
      return before && after ? `${before} → ${after}.` : null;
    }
    case 'user.deactivate': {
      const closed = num(data.sessions_closed) ?? 0;
      return `${closed} ${plural(closed, 'session fermée', 'sessions fermées')}.`;
    }
    case 'newsletter.export': {
      const count = num(data.count) ?? 0;
      return `${count} ${plural(count, 'abonné exporté', 'abonnés exportés')}.`;
    }
    case 'moderation.digest': {
      const recipients = num(data.recipients) ?? 0;
      return `Envoyé à ${recipients} ${plural(recipients, "membre de l'équipe", "membres de l'équipe")}.`;
    }
    case 'moderation.correct':
      return correctedFields(subjectType, data);
    case 'retention.delete': {
      const published = day(data.published_at);
      const reference = day(data.reference_at);
      return published && reference
        ? `Publié le ${published}, sans mise à jour depuis le ${reference}.`
        : null;
    }
    case 'initiative.confirm':
      return data.via === 'freshness_link' ? "Par le lien de l'e-mail de mise à jour." : null;
    default:
      break;
  }
  if (domain === 'team_settings') return settingsSummary(verb, data);
  if (comment) {
    const short =
      comment.length > COMMENT_LENGTH ? `${comment.slice(0, COMMENT_LENGTH - 1)}…` : comment;
    return `Commentaire : ${short}`;
  }
  if (verb === 'update' && data.outcome === 'revision') {
    return "Modification d'un contenu publié, en attente de relecture.";
  }
  return null;
}
