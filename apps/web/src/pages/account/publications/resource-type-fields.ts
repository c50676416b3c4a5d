import type { FileFieldValue } from '../../../features/account-forms/index.ts';

export interface ResourceTypeFields {
  external_url: string;
  video_url: string;
  document: FileFieldValue;
}

const NO_DOCUMENT: FileFieldValue = { existing: [], added: [] };

/**
 * Spec account-area §4: changing the type keeps only the field of the new type — the link for
 * 'external_url', the video link for 'video', the document for 'file' — and any other type
 * clears all three. The server applies the same rule.
 */
export function keepFieldsOfType(type: string, fields: ResourceTypeFields): ResourceTypeFields {
  return {
    external_url: type === 'external_url' ? fields.external_url : '',
    video_url: type === 'video' ? fields.video_url : '',
    document: type === 'file' ? fields.document : NO_DOCUMENT,
  };
}
