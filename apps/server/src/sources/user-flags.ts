import type { ConnectionService } from '@easio/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users } from '../db/schema.js';

/** The user info switch (spec section 3) each service turns on while connected. */
const USER_FLAG: Partial<
  Record<ConnectionService, 'gdriveActive' | 'gmailActive' | 'dropboxActive' | 'whatsappActive'>
> = {
  gdrive: 'gdriveActive',
  gmail: 'gmailActive',
  dropbox: 'dropboxActive',
  whatsapp: 'whatsappActive',
};

/** Turns the services' switches on or off in the user's info (those without one are left alone). */
export async function setServicesActive(
  db: Db,
  ownerId: string,
  services: ConnectionService[],
  active: boolean,
) {
  const flags = Object.fromEntries(
    services.flatMap((s) => {
      const flag = USER_FLAG[s];
      return flag ? [[flag, active]] : [];
    }),
  );
  if (Object.keys(flags).length === 0) return;
  await db
    .update(users)
    .set({ ...flags, updatedAt: sql`now()` })
    .where(eq(users.id, ownerId));
}
