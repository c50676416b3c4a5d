import { useCallback, useMemo, useState } from 'react';
import { CAPTCHA_RESPONSE_FIELD } from '@ad/contract';

/**
 * The captcha's part of an anonymous form's state (spec §4 and §8):
 *
 *   const captcha = useCaptcha();
 *   // submit: api.post(url, { ...fields, ...captcha.fields })
 *   // then:   captcha.succeeded()   or   captcha.failed(error.errors)
 *   <Captcha key={captcha.key} {...captcha.props} error={firstError(errors, 'recaptcha_response')}
 *            disabled={processing} />
 *
 * A failed response without a `recaptcha_response` error marks the captcha verified: the server
 * remembered the solved captcha (a cookie), the widget goes away and the form sends
 * `recaptcha_verified` instead. An error on `recaptcha_response`, or a success, brings a fresh
 * widget back (an answer is usable once).
 */
export function useCaptcha() {
  const [response, setResponse] = useState<string | null>(null);
  const [verified, setVerified] = useState(false);
  const [key, setKey] = useState(0);

  const restart = useCallback(() => {
    setResponse(null);
    setVerified(false);
    setKey((k) => k + 1);
  }, []);

  const failed = useCallback(
    (errors?: Record<string, string[]> | null) => {
      if (errors?.[CAPTCHA_RESPONSE_FIELD]?.length) restart();
      else {
        setResponse(null);
        setVerified(true);
      }
    },
    [restart],
  );

  return useMemo(
    () => ({
      /** Fields to send with the form. */
      fields: { recaptcha_response: response ?? '', recaptcha_verified: verified },
      /** Remount key of <Captcha>. */
      key,
      /** Props of <Captcha> (with `error` and `disabled` from the form). */
      props: { onChange: setResponse, verified },
      /** After a successful send: a new message needs a new captcha. */
      succeeded: restart,
      /** After a failed send, with the 422's field errors if any. */
      failed,
    }),
    [response, verified, key, restart, failed],
  );
}
