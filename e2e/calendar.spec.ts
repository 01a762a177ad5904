import { expect, test } from '@playwright/test';
import { signedInNewUser, violations } from './helpers';

// Times are given in UTC and shown in the browser's zone: 04:30 UTC is 10:00 in India.
test.use({ timezoneId: 'Asia/Kolkata', locale: 'en-GB' });

const event = (uid: string, summary: string, start: string, end: string) => [
  'BEGIN:VEVENT',
  `UID:${uid}`,
  start.length === 8 ? `DTSTART;VALUE=DATE:${start}` : `DTSTART:${start}`,
  end.length === 8 ? `DTEND;VALUE=DATE:${end}` : `DTEND:${end}`,
  `SUMMARY:${summary}`,
  'END:VEVENT',
];

const calendar = [
  'BEGIN:VCALENDAR',
  'VERSION:2.0',
  'X-WR-CALNAME:March',
  ...event('holiday', 'Holi holidays', '20260310', '20260312'),
  ...event('dentist', 'Dentist', '20260311T043000Z', '20260311T053000Z'),
  ...event('m1', 'Budget review', '20260318T033000Z', '20260318T043000Z'),
  ...event('m2', 'Design sync', '20260318T043000Z', '20260318T053000Z'),
  ...event('m3', 'Lunch with Asha', '20260318T063000Z', '20260318T073000Z'),
  ...event('m4', 'Yoga', '20260318T123000Z', '20260318T133000Z'),
  // A zone named but not defined in the file (as Google and Apple write them): 10:00 in Berlin is 14:30 here.
  'BEGIN:VEVENT',
  'UID:berlin',
  'DTSTART;TZID=Europe/Berlin:20260312T100000',
  'DTEND;TZID=Europe/Berlin:20260312T110000',
  'SUMMARY:Berlin call',
  'END:VEVENT',
  // A floating time (no zone): 07:00 wherever the reader is.
  ...event('run', 'Morning run', '20260312T070000', '20260312T080000'),
  'END:VCALENDAR',
].join('\r\n');

test('the calendar shows events by month and by week, moves between periods and opens an event', async ({
  page,
  request,
}) => {
  await signedInNewUser(page, request);
  await page.goto('/my-source');
  const card = page.getByRole('region', { name: 'Calendar files and subscriptions' });
  const chooser = page.waitForEvent('filechooser');
  await card.getByRole('button', { name: 'Import an .ics file' }).click();
  await (await chooser).setFiles({
    name: 'march.ics',
    mimeType: 'text/calendar',
    buffer: Buffer.from(calendar),
  });
  await expect(page.getByText('March: 8 events, 8 imported')).toBeVisible();

  await page.goto('/my-desk/calender');
  await expect(page.getByText('Dentist').first()).toBeVisible();
  await page.getByRole('radiogroup', { name: 'Calendar view' }).getByText('Month', { exact: true }).click();
  await expect(page).toHaveURL(/view=month/);

  // The address keeps the period: a reload or a shared link opens March 2026.
  await page.goto('/my-desk/calender?view=month&day=2026-03-11');
  await expect(page.getByRole('heading', { name: 'March 2026' })).toBeVisible();
  await expect(page.getByText('8 events this month')).toBeVisible();
  const cell = (day: string) => page.getByRole('cell', { name: new RegExp(`^${day}(,|$)`) });
  await expect(
    cell('Tuesday 10 March').getByRole('button', {
      name: 'Holi holidays, all day, Tuesday 10 March to Wednesday 11 March',
    }),
  ).toBeVisible();
  await expect(cell('Wednesday 11 March').getByRole('button', { name: /^Holi holidays/ })).toBeVisible();
  await expect(cell('Wednesday 11 March').getByRole('button', { name: /^10:00 Dentist,/ })).toContainText(
    '10:00',
  );
  await expect(cell('Thursday 12 March')).not.toContainText('Holi holidays');

  // A busy day shows its first events and how many more.
  const busy = cell('Wednesday 18 March');
  await expect(
    busy.getByRole('button', { name: /^\d\d:\d\d (Budget review|Design sync|Lunch with Asha),/ }),
  ).toHaveCount(3);
  await expect(busy.getByText('Yoga')).toHaveCount(0);
  await busy.getByRole('button', { name: '1 more event on Wednesday 18 March' }).click();
  await expect(
    page.getByRole('dialog').getByRole('button', { name: /^18:00 Yoga, Wednesday 18 March, 18:00 to 19:00/ }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  expect(await violations(page, 'main')).toEqual([]);

  await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByRole('heading', { name: 'April 2026' })).toBeVisible();
  await expect(page.getByText('No events this month')).toBeVisible();
  await page.getByRole('button', { name: 'Previous month' }).click();
  await expect(page.getByRole('heading', { name: 'March 2026' })).toBeVisible();

  // A day's number opens its week.
  await page.getByRole('button', { name: 'Week of Wednesday 11 March' }).click();
  await expect(page).toHaveURL(/view=week&day=2026-03-11|day=2026-03-11&view=week/);
  await expect(page.getByRole('heading', { name: /^9 Mar – 15 Mar 2026$/ })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Week' })).toBeChecked();
  await expect(page.getByText('4 events this week')).toBeVisible();
  const wednesday = page.getByRole('region', { name: 'Wednesday 11 March' });
  await expect(
    wednesday.getByRole('button', { name: '10:00 Dentist, Wednesday 11 March, 10:00 to 11:00' }),
  ).toBeVisible();
  const thursday = page.getByRole('region', { name: 'Thursday 12 March' });
  await expect(
    thursday.getByRole('button', { name: '14:30 Berlin call, Thursday 12 March, 14:30 to 15:30' }),
  ).toBeVisible();
  await expect(
    thursday.getByRole('button', { name: '07:00 Morning run, Thursday 12 March, 07:00 to 08:00' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Next week' }).click();
  await expect(page.getByRole('heading', { name: /^16 Mar – 22 Mar 2026$/ })).toBeVisible();
  await expect(page.getByText('4 events this week')).toBeVisible();
  await page.getByRole('button', { name: 'Previous week' }).click();
  expect(await violations(page, 'main')).toEqual([]);

  await wednesday.getByRole('button', { name: /^10:00 Dentist,/ }).click();
  await expect(page.getByRole('dialog', { name: 'Dentist' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page).not.toHaveURL(/day=/);
  await page.getByRole('radiogroup', { name: 'Calendar view' }).getByText('List', { exact: true }).click();
  await expect(page).not.toHaveURL(/view=/);
  await expect(page.getByText('Yoga').first()).toBeVisible();
});
