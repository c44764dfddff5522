/**
 * Administration from the shell: `npm run admin -- <command> [options]`. Opens the database the way
 * main.ts does (DATABASE_URL, else the embedded database under DATA_DIR) and migrates it first.
 *
 *   user:create   --email E --name N --password P [--phone 3912345678]
 *   user:grant    --email E --role editor|superuser
 *   user:revoke   --email E --role editor|superuser
 *   user:password --email E --password P      (signs the account out everywhere)
 *
 * Exit code 0 on success, 1 on bad input or failure (with a message on stderr).
 */
import { mkdirSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { loadConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { users } from './db/schema';
import { passwordProblem } from './modules/auth/password-policy';
import { createUser, EmailTakenError, findUserByEmail, setPassword } from './modules/auth/users';

const USAGE = `Usage: npm run admin -- <command> [options]

  user:create   --email E --name "Full Name" --password P [--phone 3912345678]
  user:grant    --email E --role editor|superuser
  user:revoke   --email E --role editor|superuser
  user:password --email E --password P`;

class UsageError extends Error {}

function need(values: Record<string, string | undefined>, ...names: string[]) {
  const missing = names.filter((n) => !values[n]);
  if (missing.length) throw new UsageError(`Missing ${missing.map((n) => `--${n}`).join(', ')}.`);
}

const roleColumn = (role: string | undefined) => {
  if (role === 'editor') return 'isEditor' as const;
  if (role === 'superuser') return 'isSuperuser' as const;
  throw new UsageError('--role must be editor or superuser.');
};

async function run(
  database: Database,
  command: string,
  v: Record<string, string | undefined>,
): Promise<string> {
  const db = database.db;
  switch (command) {
    case 'user:create': {
      need(v, 'email', 'name', 'password');
      try {
        const u = await createUser(db, {
          email: v.email!,
          fullName: v.name!,
          phoneNumber: v.phone ?? '0000000000',
          password: v.password!,
        });
        return `Created account ${u.email} (${u.fullName}).`;
      } catch (err) {
        if (err instanceof EmailTakenError) throw new UsageError(`An account for ${v.email} already exists.`);
        throw new UsageError((err as Error).message);
      }
    }
    case 'user:grant':
    case 'user:revoke': {
      need(v, 'email', 'role');
      const column = roleColumn(v.role);
      const user = await findUserByEmail(db, v.email!);
      if (!user) throw new UsageError(`No account for ${v.email}.`);
      const on = command === 'user:grant';
      await db
        .update(users)
        .set({ [column]: on, updatedAt: new Date() })
        .where(eq(users.id, user.id));
      return `${user.email} ${on ? 'is now' : 'is no longer'} ${v.role === 'editor' ? 'an editor' : 'a superuser'}.`;
    }
    case 'user:password': {
      need(v, 'email', 'password');
      const problem = passwordProblem(v.password!);
      if (problem) throw new UsageError(problem);
      const user = await findUserByEmail(db, v.email!);
      if (!user) throw new UsageError(`No account for ${v.email}.`);
      await setPassword(db, user.id, v.password!);
      return `Password of ${user.email} changed; every earlier sign-in of it has ended.`;
    }
    default:
      throw new UsageError(command ? `Unknown command "${command}".\n\n${USAGE}` : USAGE);
  }
}

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        name: { type: 'string' },
        password: { type: 'string' },
        phone: { type: 'string' },
        role: { type: 'string' },
      },
    });
  } catch (err) {
    process.stderr.write(`${(err as Error).message}\n\n${USAGE}\n`);
    return 1;
  }
  const [command = ''] = parsed.positionals;
  if (!command || command === 'help' || command === '--help') {
    process.stderr.write(`${USAGE}\n`);
    return command ? 0 : 1;
  }
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const message = await run(database, command, parsed.values as Record<string, string | undefined>);
    process.stdout.write(`${message}\n`);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`${err.message}\n`);
      return 1;
    }
    process.stderr.write(`Failed: ${(err as Error).message}\n`);
    return 1;
  } finally {
    await database.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
