import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client.ts';
import type { FormStatus } from '../forms/use-api-form.ts';

export type { FormStatus };

const FAILED_MESSAGE = "L'envoi a échoué. Veuillez réessayer dans quelques instants.";

/** What `submit` hands to its send function: the progress callback of `submitMultipart`. */
export interface SendContext {
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

/**
 * State of a large account form posted to the API (spec §2 "Form pages", §4, §5): idle,
 * processing (the form is locked and a second submit is ignored), success, error. A 422 keeps
 * the first message of each key of the server's bag (keys may be dotted:
 * `technical_partners.0.partner`); after the failed submit the first field in error, in page
 * order, takes the focus. Errors with no field in the form, and failures other than a 422, become
 * one general message. The values live in the page's state: nothing typed is lost on an error.
 */
export function useAccountForm() {
  const [status, setStatus] = useState<FormStatus>('idle');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const [uploadProgress, setUploadProgress] = useState<number | null>(null);
  const running = useRef(false);
  const controller = useRef<AbortController | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusPending = useRef(false);

  // Runs after the render that ends the processing state, once the fields are enabled again.
  useEffect(() => {
    if (!focusPending.current || status === 'processing') return;
    focusPending.current = false;
    const keys = Object.keys(errors);
    const found = keys.map((key) => ({ key, element: fieldElement(formRef.current, key) }));
    const first = found
      .map(({ element }) => element)
      .filter((element): element is HTMLElement => element !== null)
      .sort(documentOrder)[0];
    first?.focus();
    // A message nobody would see (no field shows it) is read above the form instead.
    const orphans = found.filter(({ element }) => element === null).map(({ key }) => errors[key]);
    if (orphans.length > 0) setGeneralError([...new Set(orphans)].join(' '));
  }, [errors, status]);

  // A page left during an upload stops it.
  useEffect(() => () => controller.current?.abort(), []);

  const submit = useCallback(
    async <T>(
      event: FormEvent<HTMLFormElement> | null,
      send: (context: SendContext) => Promise<T>,
      onSuccess?: (result: T) => void,
      onError?: (error: unknown) => void,
    ) => {
      event?.preventDefault();
      if (running.current) return;
      running.current = true;
      const abort = new AbortController();
      controller.current = abort;
      setStatus('processing');
      setErrors({});
      setGeneralError(null);
      setUploadProgress(null);
      try {
        const result = await send({ onProgress: setUploadProgress, signal: abort.signal });
        setStatus('success');
        onSuccess?.(result);
      } catch (error) {
        if (abort.signal.aborted) return;
        setStatus('error');
        onError?.(error);
        const bag = error instanceof ApiError ? error.errors : {};
        const next: Record<string, string> = {};
        for (const [key, messages] of Object.entries(bag)) {
          if (messages[0]) next[key] = messages[0];
        }
        setErrors(next);
        if (Object.keys(next).length > 0) {
          focusPending.current = true;
        } else {
          setGeneralError(
            error instanceof ApiError && error.message ? error.message : FAILED_MESSAGE,
          );
        }
      } finally {
        running.current = false;
        controller.current = null;
        setUploadProgress(null);
      }
    },
    [],
  );

  const errorFor = useCallback((key: string): string | undefined => errors[key], [errors]);
  const clearErrors = useCallback(() => {
    setErrors({});
    setGeneralError(null);
  }, []);
  const hasErrors = Object.keys(errors).length > 0;

  return {
    /** Give it to the `<form>`: the focus after an error looks for the fields inside. */
    formRef,
    status,
    processing: status === 'processing',
    /** First message of each key of the last 422. */
    errors,
    errorFor,
    hasErrors,
    /** The message of a failure that no field shows (for `FormError`). */
    generalError,
    /** Share of the files sent (0 to 1) while a multipart request uploads, else null. */
    uploadProgress,
    submit,
    clearErrors,
  };
}

export type AccountForm = ReturnType<typeof useAccountForm>;

/**
 * The field of an error key: by `name` (the key itself or its bracket form, `a.0.b` → `a[0][b]`)
 * or by id `field-<key>`, or an element that lists the key in `data-error-keys` (one field for
 * several keys, like the address); a key with no field falls back to its parent (`logo_files.1.file` →
 * `logo_files.1` → `logo_files`), the list that holds the faulty entry.
 */
export function fieldElement(form: HTMLFormElement | null, key: string): HTMLElement | null {
  const parts = key.split('.');
  for (let length = parts.length; length > 0; length -= 1) {
    const dotted = parts.slice(0, length).join('.');
    const bracket =
      parts[0] +
      parts
        .slice(1, length)
        .map((part) => `[${part}]`)
        .join('');
    for (const name of new Set([dotted, bracket])) {
      const named = form?.elements.namedItem(name);
      const element = named instanceof RadioNodeList ? named[0] : named;
      if (element instanceof HTMLElement) return element;
      const scope = form ?? document;
      const byId = scope.querySelector<HTMLElement>(`[id="field-${cssEscape(name)}"]`);
      if (byId) return byId;
      const declared = scope.querySelector<HTMLElement>(`[data-error-keys~="${cssEscape(name)}"]`);
      if (declared) return declared;
    }
  }
  return null;
}

function cssEscape(value: string): string {
  return value.replace(/["\\]/g, '\\$&');
}

function documentOrder(a: HTMLElement, b: HTMLElement): number {
  if (a === b) return 0;
  return a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
}
