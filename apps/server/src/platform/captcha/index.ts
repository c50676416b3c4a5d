/** Captcha and honeypot of the anonymous forms (decision record 0007). */
export {
  captchaError,
  type CaptchaFields,
  type CaptchaGuard,
  type CaptchaPass,
} from './captcha.ts';
export { honeypotFilled, HONEYPOT_FIELD } from './honeypot.ts';
export { registerCaptcha } from './plugin.ts';
