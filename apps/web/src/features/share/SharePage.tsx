import { Alert, Anchor, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';
import { SectionLoader } from '../../components/Loading';
import { PageHeader } from '../../components/Page';
import { countOf } from '../../lib/plural';
import { VIEWER_PARAM } from '../desk/links';
import { SharePreview } from './SharePreview';
import { Skipped } from './Skipped';
import type { ShareOutcome } from './save-share';
import type { SharePlan } from './shared-items';
import { useReceivedShare } from './use-received-share';

const DESK = '/my-desk/my-content';
const onDesk = (id: string) => `${DESK}?${new URLSearchParams({ [VIEWER_PARAM]: id })}`;

/**
 * /share: where "Share → Easio" on a phone lands. The service worker has kept what was shared and sent
 * the browser here (after signing in, when needed); this page shows what arrived and saves what the
 * person keeps of it to the desk, where unfiled items wait for recommendations, only when they say so.
 */
export function SharePage() {
  const [params] = useSearchParams();
  const { state, save, discard, reopen } = useReceivedShare(params.get('id'));
  const error = params.get('error');
  const deciding = !error && (state?.step === 'review' || state?.step === 'saving');
  return (
    <>
      <PageHeader title="Shared with Easio" />
      <Stack gap="md" maw={640}>
        {error === 'other-site' ? (
          <Alert color="red" title="Something tried to send items to Easio from another site">
            Nothing was saved. Easio only takes what you send it from your phone's Share menu. If you meant to
            save something, share it again from there.
          </Alert>
        ) : error === 'unreadable' ? (
          <Alert color="red" title="What you shared could not be read">
            Share it again; if it still fails, save it from within Easio.
          </Alert>
        ) : error === 'not-ready' ? (
          <Alert color="orange" title="Easio was not ready to receive this share">
            Open Easio once in this browser and sign in, then share again: it is then ready for whatever you
            share.
          </Alert>
        ) : state === null ? (
          <Alert color="gray" title="Nothing was shared">
            Use your phone's Share menu and choose Easio to save a link, some text, a photo or a document to
            your desk.
          </Alert>
        ) : state.step === 'opening' ? (
          <>
            <Text>Opening what you shared…</Text>
            <SectionLoader />
          </>
        ) : state.step === 'review' ? (
          <SharePreview
            plan={state.plan}
            onSave={(chosen) => save(chosen, state.plan.skipped)}
            onDiscard={discard}
          />
        ) : state.step === 'saving' ? (
          <>
            <Text>Saving what you shared to your desk…</Text>
            <SectionLoader />
          </>
        ) : state.step === 'missing' ? (
          <Alert color="gray" title="This share is no longer waiting">
            It was saved or discarded already, or it waited more than a day and was dropped. Share it again to
            save it.
          </Alert>
        ) : state.step === 'discarded' ? (
          <Alert color="gray" title="Discarded: nothing was saved">
            What you shared is forgotten. Share it again if you change your mind.
          </Alert>
        ) : state.step === 'nothing' ? (
          <Alert color="orange" title="Nothing to save">
            <Stack gap="xs">
              <span>What was shared has no web address, text or file that Easio can keep.</span>
              <Skipped skipped={state.skipped} />
            </Stack>
          </Alert>
        ) : state.step === 'error' ? (
          <Alert color="red" title="What you shared could not be saved">
            <Stack gap="xs" align="flex-start">
              {state.detail}
              <Button size="xs" variant="white" color="red" onClick={reopen}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : (
          <Outcomes
            outcomes={state.outcomes}
            skipped={state.skipped}
            onRetry={() => save(state.chosen, state.skipped)}
          />
        )}
        {!deciding && (
          <Group>
            <Button component={Link} to={DESK} variant="light">
              Go to My Desk
            </Button>
          </Group>
        )}
      </Stack>
    </>
  );
}

function Outcomes({
  outcomes,
  skipped,
  onRetry,
}: {
  outcomes: ShareOutcome[];
  skipped: SharePlan['skipped'];
  onRetry: () => void;
}) {
  const kept = outcomes.filter((o) => o.status !== 'failed').length;
  const allFailed = kept === 0;
  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Text fw={600} role="status">
          {allFailed ? 'Nothing was saved' : `Saved to your desk: ${countOf(kept, 'item')}`}
        </Text>
        <List spacing="xs">
          {outcomes.map((outcome, index) => (
            // The same label may come twice (two photos named alike); the order is fixed.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never changes order
            <List.Item key={index}>
              {outcome.status === 'failed' ? (
                <Text c="red.8" span>
                  {outcome.label}: not saved. {outcome.detail}
                </Text>
              ) : (
                <span>
                  {outcome.status === 'duplicate' ? 'Already on your desk: ' : 'Saved: '}
                  <Anchor component={Link} to={onDesk(outcome.object.id)}>
                    {outcome.object.name}
                  </Anchor>
                </span>
              )}
            </List.Item>
          ))}
        </List>
        <Skipped skipped={skipped} />
        {allFailed && (
          <Button size="xs" variant="light" onClick={onRetry} style={{ alignSelf: 'flex-start' }}>
            Try again
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
