/**
 * The zod schemas of the contract: API inputs and outputs, validated on the server and by the
 * forms of the web app. A separate entry point (`@ad/contract/schemas`) so that zod only reaches
 * the browser in the chunks of the screens that validate a form.
 */
export * from './page-config.ts';
export * from './login.ts';
export * from './account.ts';
export * from './captcha.ts';
export * from './contact.ts';
export * from './newsletter.ts';
export * from './export-report.ts';
export * from './pagination.ts';
