import { useState, type FormEvent } from 'react';
import { CAPTCHA_RESPONSE_FIELD, HONEYPOT_FIELD } from '@ad/contract';
import { ApiError } from '../../lib/api-client.ts';
import { Captcha } from '../captcha/captcha.tsx';
import { HoneypotField } from '../captcha/honeypot-field.tsx';
import { useCaptcha } from '../captcha/use-captcha.ts';
import { useApiForm } from './use-api-form.ts';

/**
 * A form of an anonymous visitor: the API form's states, plus the captcha and the honeypot that
 * every such form sends (spec public-site §4, §8). `send(event, post, onSuccess)` calls `post`
 * with the extra fields to merge into the body.
 */
export function useAnonymousForm<Field extends string>(fields: readonly Field[]) {
  const form = useApiForm<Field | typeof CAPTCHA_RESPONSE_FIELD>([
    ...fields,
    CAPTCHA_RESPONSE_FIELD,
  ]);
  const captcha = useCaptcha();
  const [honeypot, setHoneypot] = useState('');

  const send = <T,>(
    event: FormEvent<HTMLFormElement>,
    post: (extra: Record<string, unknown>) => Promise<T>,
    onSuccess?: (result: T) => void,
  ) =>
    form.submit(
      event,
      () => post({ ...captcha.fields, [HONEYPOT_FIELD]: honeypot }),
      (result) => {
        captcha.succeeded();
        onSuccess?.(result);
      },
      // A 422 or a server error comes after the server's captcha guard, which then remembered
      // the answer (spec §4: verified, unless the error is about the captcha). A network error,
      // a 419 or a 429 happened before it: the answer is still unused and is sent again as it is.
      (error) => {
        if (error instanceof ApiError && (error.status === 422 || error.status >= 500)) {
          captcha.failed(error.errors);
        }
      },
    );

  return { ...form, send, antiSpam: { captcha, honeypot, setHoneypot } };
}

/** The honeypot and the captcha of a form made with useAnonymousForm. */
export function AntiSpamFields({ form }: { form: ReturnType<typeof useAnonymousForm> }) {
  const { captcha, honeypot, setHoneypot } = form.antiSpam;
  return (
    <>
      <HoneypotField value={honeypot} onChange={setHoneypot} />
      <Captcha
        key={captcha.key}
        {...captcha.props}
        error={form.errors[CAPTCHA_RESPONSE_FIELD]}
        disabled={form.processing}
      />
    </>
  );
}
