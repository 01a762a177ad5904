import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { downloadTickets } from '../db/schema.js';

/** `zip`: the chosen objects; `export`: everything of the owner. */
export type TicketPurpose = 'zip' | 'export';

/** Writes a download ticket valid for `minutes` and answers its id (the unguessable part of the address). */
export async function issueTicket(
  db: Db,
  ticket: { ownerId: string; purpose: TicketPurpose; objectIds: string[]; minutes: number },
): Promise<string> {
  const [row] = await db
    .insert(downloadTickets)
    .values({
      ownerId: ticket.ownerId,
      objectIds: ticket.objectIds,
      purpose: ticket.purpose,
      expiresAt: new Date(Date.now() + ticket.minutes * 60_000),
    })
    .returning({ id: downloadTickets.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

/** Deletes the tickets that expired more than a day ago. */
export async function deleteStaleTickets(db: Db): Promise<void> {
  await db.delete(downloadTickets).where(sql`${downloadTickets.expiresAt} < now() - interval '1 day'`);
}

/** A download ticket by its id, if it is for this purpose and has not expired. */
export async function unexpiredTicket(db: Db, id: string, purpose: TicketPurpose) {
  const [ticket] = await db
    .select()
    .from(downloadTickets)
    .where(
      and(
        eq(downloadTickets.id, id),
        eq(downloadTickets.purpose, purpose),
        gt(downloadTickets.expiresAt, sql`now()`),
      ),
    );
  return ticket;
}
