import { sql } from 'drizzle-orm';
import { objects, users } from '../../apps/server/dist/db/schema.js';

/** The one user a source benchmark imports for, with the root folder every import lands under. */
export async function createBenchUser(db) {
  const [user] = await db
    .insert(users)
    .values({ username: 'bench', email: 'bench@example.com', passwordHash: 'x' })
    .returning({ id: users.id });
  const [root] = await db
    .insert(objects)
    .values({ ownerId: user.id, dataType: 'root_object', name: 'My Desk' })
    .returning({ id: objects.id });
  await db.update(users).set({ rootFolder: root.id }).where(sql`id = ${user.id}`);
  return user;
}
