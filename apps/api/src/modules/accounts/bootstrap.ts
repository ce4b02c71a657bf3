import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema.js';
import { recordAudit } from '../audit/index.js';
import { generatePassword, hashPassword } from '../auth/index.js';
import { seedDemoHorses, type DemoHorseDeps } from '../horses/index.js';

export interface GeneratedCredential {
  email: string;
  password: string;
  role: 'admin' | 'member';
}

export interface BootstrapOptions {
  adminEmail: string;
  adminPassword: string | undefined;
  demoData: boolean;
  demoPassword: string | undefined;
  /** With demo data: where the demo horses and their files go; undefined adds no horses. */
  demoHorses?: DemoHorseDeps;
}

export const DEMO_MEMBERS = [
  {
    email: 'member1@example.org',
    firstName: 'Avery',
    lastName: 'Walker',
    memberNumber: 'M-0001',
    city: 'Lexington',
    state: 'Kentucky',
  },
  {
    email: 'member2@example.org',
    firstName: 'Jordan',
    lastName: 'Reed',
    memberNumber: 'M-0002',
    city: 'Shelbyville',
    state: 'Tennessee',
  },
] as const;

/**
 * Creates the first administrator when none exists, and the demo members on an empty
 * database when asked. Returns the passwords it had to generate, for the caller to print once.
 */
export async function ensureInitialAccounts(
  db: Db,
  options: BootstrapOptions,
): Promise<GeneratedCredential[]> {
  const generated: GeneratedCredential[] = [];
  const existing = await db.select({ role: users.role }).from(users);
  const databaseWasEmpty = existing.length === 0;

  if (!existing.some((user) => user.role === 'admin')) {
    const password = options.adminPassword ?? generatePassword();
    if (!options.adminPassword)
      generated.push({ email: options.adminEmail, password, role: 'admin' });
    const [taken] = await db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, options.adminEmail));
    const passwordHash = await hashPassword(password);
    if (taken) {
      // The address belongs to a member: promote nobody silently, ask the operator to choose.
      throw new Error(
        `ADMIN_EMAIL ${options.adminEmail} already belongs to a member; set ADMIN_EMAIL to another address`,
      );
    }
    await db.insert(users).values({
      email: options.adminEmail,
      role: 'admin',
      staffRole: 'administrator',
      passwordHash,
      firstName: 'Registry',
      lastName: 'Administrator',
    });
    await recordAudit(db, {
      action: 'account.bootstrap-admin',
      success: true,
      subject: options.adminEmail,
    });
  }

  if (options.demoData && databaseWasEmpty) {
    const password = options.demoPassword ?? generatePassword();
    const passwordHash = await hashPassword(password);
    const owners = [];
    for (const member of DEMO_MEMBERS) {
      const [row] = await db
        .insert(users)
        .values({ ...member, role: 'member', passwordHash })
        .returning({ id: users.id });
      if (row) owners.push({ ...member, id: row.id });
      if (!options.demoPassword) generated.push({ email: member.email, password, role: 'member' });
    }
    const horseCount = options.demoHorses ? await seedDemoHorses(options.demoHorses, owners) : 0;
    await recordAudit(db, {
      action: 'account.demo-members',
      success: true,
      details: { count: DEMO_MEMBERS.length, horses: horseCount },
    });
  }
  return generated;
}
