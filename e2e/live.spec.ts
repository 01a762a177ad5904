import { expect, type Page, test } from '@playwright/test';
import { openSuggestions, signedInNewUser } from './helpers';

/** The session token the app stored at sign-in. */
const tokenOf = (page: Page) =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('user') ?? '{}') as { access_token: string }).access_token,
  );

test('the top bar and the suggestions follow changes made elsewhere, without a reload', async ({
  page,
  request,
}) => {
  const user = await signedInNewUser(page, request);
  // The page has read everything it shows (the user, the suggestions and their state) before the changes.
  await expect(page.getByText(`Welcome, E${user.username.slice(1)}`)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Suggestions/ })).toContainText('0');
  await page.waitForLoadState('networkidle');
  const headers = { authorization: `Bearer ${await tokenOf(page)}` };
  let reloaded = false;
  page.on('load', () => {
    reloaded = true;
  });

  // Another device renames the user: the top bar says so at once.
  const username = `meera_${Date.now().toString(36)}`;
  const edited = await request.post('/api/auth/users/me/edit_profile', { headers, data: { username } });
  expect(edited.status()).toBe(200);
  await expect(page.getByText(`Welcome, M${username.slice(1)}`)).toBeVisible({ timeout: 3000 });

  // Another device adds notes and asks for suggestions: the count and the suggestion appear here.
  for (const n of [1, 2, 3]) {
    const note = await request.post('/api/desk/items', {
      headers,
      data: {
        data_type: 'note_object',
        name: `Electricity bill ${n}`,
        content: `Electricity bill ${n} from Bright Power: meter reading, units used and amount due this month.`,
      },
    });
    expect(note.status()).toBe(200);
  }
  expect((await request.get('/api/recommendations/generate_recommendations', { headers })).status()).toBe(
    200,
  );
  // Well within the idle poll of the generation state (20 s): only the live data can bring it this soon.
  await expect(page.getByRole('button', { name: /^Suggestions/ })).toContainText('1', { timeout: 10_000 });
  // New suggestions are announced (on by default in the notification settings).
  await expect(page.getByText('A new filing suggestion is ready')).toBeVisible();
  const panel = await openSuggestions(page);
  await expect(panel.getByRole('article').filter({ hasText: 'Electricity bill 1' })).toBeVisible();
  expect(reloaded).toBe(false);
});

test('a lost live connection is said once, quietly, and its return too', async ({ page, request }) => {
  // The app's WebSocket goes through the test, which can cut it as a server restart would.
  const sockets: { close: () => Promise<void> }[] = [];
  await page.routeWebSocket(/\/v1\/graphql$/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((message) => {
      ws.send(message);
      // Counted once the server has accepted the connection.
      if (String(message).includes('connection_ack'))
        sockets.push({ close: () => ws.close({ code: 1012, reason: 'restarting' }) });
    });
  });
  const user = await signedInNewUser(page, request);
  await expect(page.getByText(`Welcome, E${user.username.slice(1)}`)).toBeVisible();
  await expect.poll(() => sockets.length).toBeGreaterThan(0);

  await sockets.at(-1)?.close();
  const lost = page.getByText(/Connection to the server lost/);
  await expect(lost).toHaveCount(1);
  await expect(page.getByText('Connected again: live updates resumed.')).toBeVisible({ timeout: 15_000 });
  await expect(lost).toHaveCount(0);
  expect(sockets.length).toBeGreaterThan(1);
});
