/**
 * npm run user:create -- --email admin@exemple.fr --role admin [--firstname … --lastname …]
 * Creates an account (address already verified) or, when the address exists, sets its role and
 * password. The password is asked for (hidden) on a terminal, or read from standard input:
 *   printf '%s' "$PASSWORD" | npm run user:create -- --email … --role admin
 * With the embedded database, stop the server first (PGlite allows one process).
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { ROLES, type Role } from '@ad/contract';
import { emailField, newPasswordField } from '@ad/contract/schemas';
import { openDatabase } from '../db/client.ts';
import { migrateDatabase } from '../db/migrate.ts';
import { users } from '../db/schema/users.ts';
import { loadConfig } from '../env.ts';
import { hashPassword, isCommonPassword } from '../platform/passwords.ts';

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    let input = '';
    for await (const chunk of process.stdin) input += String(chunk);
    return input.replace(/\r?\n$/, '');
  }
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
      // Echo nothing while the password is typed.
      (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s) => {
        if (s.startsWith(question)) process.stdout.write(question);
      };
      rl.question(question, (answer) => {
        rl.close();
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  const password = await ask('Mot de passe : ');
  if ((await ask('Confirmation : ')) !== password) {
    throw new Error('Les deux mots de passe ne correspondent pas.');
  }
  return password;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      role: { type: 'string', default: 'member' },
      firstname: { type: 'string', default: 'Équipe' },
      lastname: { type: 'string', default: 'Administration' },
    },
    allowPositionals: false,
  });
  const email = emailField.safeParse(values.email ?? '');
  if (!email.success) throw new Error(email.error.issues[0]?.message ?? 'Adresse invalide.');
  if (!ROLES.includes(values.role as Role)) {
    throw new Error(`--role doit valoir ${ROLES.join(', ')} (reçu « ${values.role} »).`);
  }
  const role = values.role as Role;

  const password = await readPassword();
  const checked = newPasswordField.safeParse(password);
  if (!checked.success) throw new Error(checked.error.issues[0]?.message);
  if (await isCommonPassword(password)) {
    throw new Error('Ce mot de passe est trop courant. Veuillez en choisir un autre.');
  }

  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateDatabase(handle);
    const passwordHash = await hashPassword(password);
    const [existing] = await handle.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email.data.toLowerCase()}`)
      .limit(1);
    if (existing) {
      await handle.db
        .update(users)
        .set({
          role,
          passwordHash,
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        })
        .where(eq(users.id, existing.id));
      console.log(`Compte mis à jour : ${email.data} (n° ${existing.id}, rôle ${role}).`);
    } else {
      const [row] = await handle.db
        .insert(users)
        .values({
          email: email.data,
          firstname: values.firstname!,
          lastname: values.lastname!,
          role,
          passwordHash,
          emailVerifiedAt: new Date(),
        })
        .returning({ id: users.id });
      console.log(`Compte créé : ${email.data} (n° ${row!.id}, rôle ${role}).`);
    }
  } finally {
    await handle.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (process.env.DEBUG ? error.stack : error.message) : error);
  process.exit(1);
});
