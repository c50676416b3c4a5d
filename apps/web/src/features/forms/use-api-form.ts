import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client.ts';

/** The four states of a form (spec public-site §4). */
export type FormStatus = 'idle' | 'processing' | 'success' | 'error';

const FAILED_MESSAGE = "L'envoi a échoué. Veuillez réessayer dans quelques instants.";

/**
 * State of a form posted to the API: a second submit is ignored while one runs; a 422 puts the
 * first message of each field under it and moves the focus to the first field in error; other
 * errors (and a 422 about values that are not fields of the form) become one message above it.
 * Nothing the user typed is cleared on an error.
 * A form with a captcha pairs it with `useCaptcha()` (features/captcha).
 */
export function useApiForm<Field extends string>(fields: readonly Field[]) {
  const [status, setStatus] = useState<FormStatus>('idle');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [generalError, setGeneralError] = useState<string | null>(null);
  const running = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  const focusAfterRender = useRef<string | null>(null);

  // The first field in error takes the focus once it is enabled again (after the render that
  // ends the processing state), so that screen readers read its message.
  useEffect(() => {
    const name = focusAfterRender.current;
    if (!name || status === 'processing') return;
    focusAfterRender.current = null;
    const element = formRef.current?.elements.namedItem(name);
    if (element instanceof HTMLElement) element.focus();
  }, [errors, status]);

  const submit = useCallback(
    async <T>(
      event: FormEvent<HTMLFormElement> | null,
      send: () => Promise<T>,
      onSuccess?: (result: T) => void,
      onError?: (error: unknown) => void,
    ) => {
      event?.preventDefault();
      if (running.current) return;
      running.current = true;
      setStatus('processing');
      setErrors({});
      setGeneralError(null);
      try {
        const result = await send();
        setStatus('success');
        onSuccess?.(result);
      } catch (error) {
        setStatus('error');
        onError?.(error);
        const bag = error instanceof ApiError ? error.errors : {};
        const next: Partial<Record<Field, string>> = {};
        for (const field of fields) {
          const message = bag[field]?.[0];
          if (message) next[field] = message;
        }
        setErrors(next);
        const first = fields.find((field) => next[field]);
        if (first) {
          focusAfterRender.current = first;
        } else {
          // A message about a value the form does not show as a field (the map's criteria of
          // a report) says more than the general one.
          const other = Object.values(bag).find((messages) => messages?.[0])?.[0];
          setGeneralError(
            other ?? (error instanceof ApiError && error.message ? error.message : FAILED_MESSAGE),
          );
        }
      } finally {
        running.current = false;
      }
    },
    [fields],
  );

  return {
    formRef,
    status,
    processing: status === 'processing',
    errors,
    generalError,
    submit,
  };
}
