import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { HttpError, MESSAGES } from '../errors.ts';
import { nulCharacterError } from '../nul-characters.ts';
import { UploadedFile } from './uploaded-file.ts';

/** Fields and files of a member form, nested from their bracket names (see `setPath`). */
export type FormValue = string | UploadedFile | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

export interface MultipartLimits {
  /** Bytes read per file; a larger file is kept `truncated` and refused by `checkUpload`. */
  maxFileBytes: number;
  maxFiles: number;
}

/**
 * The text of a form, at most: a field holds at most 100,000 characters (4 bytes each at most),
 * and all the fields of the longest form together far less than the total. Multipart bodies are
 * not bounded by Fastify's body limit: without these, one request of 500 fields of a megabyte
 * each held half a gigabyte in memory before any check.
 */
export const MAX_FIELD_BYTES = 512 * 1024;
export const MAX_FORM_TEXT_BYTES = 4 * 1024 * 1024;

/**
 * `@fastify/multipart` for the member forms. Files are read by `readMultipartForm` (never
 * attached to the body automatically) so that each route decides its limits; a file is read up
 * to its limit, the text up to MAX_FIELD_BYTES per field and MAX_FORM_TEXT_BYTES in all.
 */
export async function registerMultipart(app: FastifyInstance, limits: MultipartLimits) {
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: {
      fileSize: limits.maxFileBytes + 1,
      files: limits.maxFiles,
      fields: 500,
      fieldSize: MAX_FIELD_BYTES,
      parts: 600,
    },
  });
}

/** `a[0][b]` -> ['a', '0', 'b']; a malformed name stays whole. */
export function splitFieldName(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return [name];
  const rest = [...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1] ?? '');
  return [match[1] ?? name, ...rest];
}

const MAX_INDEX = 99;
const UNSAFE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * Puts a value at its bracket path: numeric segments make arrays (`x[0]`, `x[1]`), empty ones
 * append (`x[]`). Indexes above 99 and prototype keys are ignored (a form never needs them).
 */
function setPath(target: FormObject, path: string[], value: FormValue): void {
  let node: FormObject | FormValue[] = target;
  for (let i = 0; i < path.length; i += 1) {
    const segment = path[i] ?? '';
    if (UNSAFE_KEYS.has(segment)) return;
    const last = i === path.length - 1;
    const nextIsIndex = !last && /^\d*$/.test(path[i + 1] ?? '');
    if (Array.isArray(node)) {
      if (!/^\d*$/.test(segment)) return;
      const index: number = segment === '' ? node.length : Number(segment);
      if (index > MAX_INDEX) return;
      if (last) {
        node[index] = value;
        return;
      }
      const existing: FormValue | undefined = node[index];
      const child: FormObject | FormValue[] =
        existing !== undefined &&
        typeof existing === 'object' &&
        !(existing instanceof UploadedFile)
          ? (existing as FormObject | FormValue[])
          : nextIsIndex
            ? []
            : {};
      node[index] = child;
      node = child;
    } else {
      if (last) {
        node[segment] = value;
        return;
      }
      const existing: FormValue | undefined = node[segment];
      const child: FormObject | FormValue[] =
        existing !== undefined &&
        typeof existing === 'object' &&
        !(existing instanceof UploadedFile)
          ? (existing as FormObject | FormValue[])
          : nextIsIndex
            ? []
            : {};
      node[segment] = child;
      node = child;
    }
  }
}

/** Holes left by sparse indexes (`x[0]`, `x[2]`) are dropped. */
function compact(value: FormValue): FormValue {
  if (value instanceof UploadedFile || typeof value === 'string') return value;
  if (Array.isArray(value)) return value.filter((v) => v !== undefined).map(compact);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, compact(v)]));
}

/**
 * Reads a multipart member form into a nested object. Files are read into memory up to the
 * registered limit (a larger one is marked `truncated`); an empty file input (no name, no
 * bytes) counts as absent. A request that is not multipart is refused with 415.
 */
export async function readMultipartForm(request: FastifyRequest): Promise<FormObject> {
  if (!request.isMultipart()) throw new HttpError(415, MESSAGES.unsupportedMediaType);
  const form: FormObject = {};
  let textBytes = 0;
  try {
    for await (const part of request.parts()) {
      const path = splitFieldName(part.fieldname);
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.filename?.includes('\0')) throw nulCharacterError(path.join('.'));
        if (!part.filename && bytes.length === 0) continue;
        setPath(
          form,
          path,
          new UploadedFile(part.filename || 'fichier', bytes, part.file.truncated),
        );
      } else {
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        // A field cut at its limit would be saved cut: the whole form is refused instead.
        textBytes += Buffer.byteLength(value) + Buffer.byteLength(part.fieldname);
        if (part.valueTruncated || textBytes > MAX_FORM_TEXT_BYTES) {
          throw new HttpError(413, MESSAGES.tooLarge);
        }
        if (value.includes('\0')) throw nulCharacterError(path.join('.'));
        setPath(form, path, value);
      }
    }
  } catch (error) {
    // Busboy's own errors (no boundary, a body cut short) carry no status: the body is malformed.
    if (error instanceof HttpError || (error as { statusCode?: number } | null)?.statusCode) {
      throw error;
    }
    request.log.info({ err: error }, 'malformed multipart body');
    throw new HttpError(400, MESSAGES.badRequest);
  }
  return compact(form) as FormObject;
}
