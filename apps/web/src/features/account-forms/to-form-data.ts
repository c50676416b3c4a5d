/**
 * Multipart serialisation of an account form's values, in the bracket notation the server's
 * parser reads (`technical_partners[0][partner]`, `logo_files[1][file]`, `subthematics[0]`).
 * An empty string means null on the server, which is how null, undefined and an emptied list
 * travel: a list sent as `name=''` tells the server it was emptied, where sending nothing would
 * leave it unchanged.
 */
export interface ToFormDataOptions {
  /** The method override (`_method`): 'post' on create, 'put' on edit (spec §3, §4). */
  method: 'post' | 'put';
}

export function toFormData(values: object, { method }: ToFormDataOptions): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (key === '_method') continue;
    append(data, key, value);
  }
  data.append('_method', method);
  return data;
}

function append(data: FormData, name: string, value: unknown): void {
  if (value === null || value === undefined) {
    data.append(name, '');
  } else if (value instanceof Blob) {
    // A File keeps its own name; a bare Blob would otherwise be sent as 'blob'.
    if (value instanceof File) data.append(name, value, value.name);
    else data.append(name, value);
  } else if (typeof value === 'boolean') {
    data.append(name, value ? '1' : '0');
  } else if (value instanceof Date) {
    data.append(name, isoDate(value));
  } else if (Array.isArray(value)) {
    if (value.length === 0) data.append(name, '');
    value.forEach((item, index) => append(data, `${name}[${index}]`, item));
  } else if (typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) data.append(name, '');
    for (const [key, item] of entries) append(data, `${name}[${key}]`, item);
  } else {
    data.append(name, String(value));
  }
}

/** Dates travel as YYYY-MM-DD (spec §9), in the user's calendar day. */
function isoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whether a multipart body carries files: only then is an upload progress worth showing. */
export function formDataHasFiles(data: FormData): boolean {
  for (const value of data.values()) {
    if (typeof value !== 'string') return true;
  }
  return false;
}
