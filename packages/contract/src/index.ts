export * from './routes.ts';
export * from './themes.ts';
export * from './constants.ts';
export * from './page-config.ts';
export * from './errors.ts';
export * from './ssr.ts';
export * from './captcha.ts';
