import { z } from 'zod';
import {
  ERROR_REPORT_EMAIL_MAX,
  ERROR_REPORT_ITEM_TYPES,
  ERROR_REPORT_MESSAGE_MAX,
  ERROR_REPORT_MESSAGES,
} from '@ad/contract/error-reports';
import { captchaFields } from '@ad/contract/schemas';
import { pageParam } from '../../platform/list-input.ts';

const emptyAsNull = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? null : value;
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

/**
 * The visitor's form (« Signaler une erreur »): the message, an optional address to be answered,
 * and the anonymous forms' captcha and honeypot (decision record 0007).
 */
export const errorReportBodySchema = z.object({
  message: z
    .string({ error: ERROR_REPORT_MESSAGES.messageRequired })
    .trim()
    .min(1, { error: ERROR_REPORT_MESSAGES.messageRequired })
    .max(ERROR_REPORT_MESSAGE_MAX, { error: ERROR_REPORT_MESSAGES.messageTooLong }),
  email: z.preprocess(
    emptyAsNull,
    z
      .string({ error: ERROR_REPORT_MESSAGES.emailInvalid })
      .trim()
      .max(ERROR_REPORT_EMAIL_MAX, { error: ERROR_REPORT_MESSAGES.emailTooLong })
      .pipe(z.email({ error: ERROR_REPORT_MESSAGES.emailInvalid }))
      .nullish(),
  ),
  ...captchaFields,
});
export type ErrorReportBody = z.infer<typeof errorReportBodySchema>;

/** `GET /api/moderation/error-reports?type=&id=&page=`: `id` (one item) goes with `type`. */
export const errorReportListQuery = z
  .object({
    type: z.preprocess(
      emptyAsUndefined,
      z.enum(ERROR_REPORT_ITEM_TYPES, { error: 'Le type est invalide.' }).optional(),
    ),
    id: z.preprocess(
      emptyAsUndefined,
      z.coerce
        .number({ error: "L'identifiant est invalide." })
        .int({ error: "L'identifiant est invalide." })
        .min(1, { error: "L'identifiant est invalide." })
        .max(2_147_483_647, { error: "L'identifiant est invalide." })
        .optional(),
    ),
    page: z.preprocess(emptyAsUndefined, pageParam),
  })
  .refine((query) => query.id === undefined || query.type !== undefined, {
    path: ['type'],
    error: "Le type est requis avec l'identifiant.",
  });
export type ErrorReportListQuery = z.infer<typeof errorReportListQuery>;
