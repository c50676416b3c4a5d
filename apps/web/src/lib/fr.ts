import type { FrCxArg } from '@codegouvfr/react-dsfr/fr/cx';

/**
 * The DSFR's class names joined as its `fr.cx` does (strings, `{ name: condition }`, arrays; false,
 * null and undefined left out), typed with its class names. Our own few lines rather than the
 * package's `fr` object (its colour, spacing and typography tables: 13 KB gzip that no screen of
 * ours reads) or its `cx` (whose assertion library weighed more than the function): both were in
 * the initial JavaScript of every page. Our modules import `fr` from here (an ESLint rule says
 * so); the DSFR's React components still bring the full object to the pages that use them.
 */
function cx(...args: FrCxArg[]): string {
  const names: string[] = [];
  const add = (arg: FrCxArg): void => {
    if (!arg || arg === true) return;
    if (typeof arg === 'string') names.push(arg);
    else if (Array.isArray(arg)) (arg as readonly FrCxArg[]).forEach(add);
    else for (const [name, on] of Object.entries(arg)) if (on) names.push(name);
  };
  args.forEach(add);
  return names.join(' ');
}

export const fr = { cx } as const;
