export const FLUSH_ALARM = 'easio-flush';

/** Just what is used of the browser's alarms API. */
export interface AlarmsApi {
  get(name: string): Promise<unknown>;
  create(name: string, info: { periodInMinutes: number }): Promise<void> | void;
}

/**
 * The alarm that sends the offline queue every minute. Made whenever the background starts, not only on
 * install: the browser may lose it (an update, a restored profile), and re-making one that exists would
 * restart its minute at every wake-up.
 */
export async function ensureFlushAlarm(alarms: AlarmsApi): Promise<boolean> {
  if (await alarms.get(FLUSH_ALARM)) return false;
  await alarms.create(FLUSH_ALARM, { periodInMinutes: 1 });
  return true;
}
