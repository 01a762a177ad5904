import { Accordion, Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { OperatorContact } from '../../components/OperatorContact';

const FAQ = [
  {
    q: 'Where are my files kept?',
    a: 'On the server that runs your Easio, in its database and file store. Nothing is sent to an AI service unless the person running the server configured one, and then only the names of items in a new group.',
  },
  {
    q: 'How do the filing suggestions work?',
    a: 'Easio learns from how you file: the drawers and binders you already use, and every suggestion you accept, change or dismiss. It proposes a binder for unfiled items, or a new one with a name made from what they share. Nothing moves until you accept.',
  },
  {
    q: 'Search misses a word I know is there',
    a: 'Search finds words as you type them, parts of words and small misspellings, in names and in the text of documents. A file just uploaded is searchable once its text is read, usually within seconds.',
  },
  {
    q: 'How do I get everything out, or leave?',
    a: 'Settings › Your data downloads one ZIP with your account, every item, your filing history and every file, in its folders; Restore from an export puts such a ZIP back into an account, on this server or another. Delete my account erases all of it at once.',
  },
  {
    q: 'How do I send things from WhatsApp?',
    a: 'Save your WhatsApp number under Settings › Sources. What you send from it to Easio’s WhatsApp number lands on your desk, once the server’s WhatsApp is set up.',
  },
];

/** /profile/help: how Easio works, answers to common questions, and how to reach us. */
export function HelpPage() {
  return (
    <Stack gap="md">
      <Title order={2} size="h4">
        Help
      </Title>
      <Stack gap="xs">
        <Title order={3} size="h5">
          How Easio works
        </Title>
        <List size="sm" spacing={4}>
          <List.Item>Everything you add, upload or link lands on your desk.</List.Item>
          <List.Item>
            Drawers hold binders, binders hold your items: file them by dragging, or accept a suggestion.
          </List.Item>
          <List.Item>Search looks across every source at once: names, text, dates, kinds.</List.Item>
        </List>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Questions
        </Title>
        <Accordion variant="separated">
          {FAQ.map(({ q, a }, i) => (
            <Accordion.Item key={q} value={`faq-${i}`}>
              <Accordion.Control>{q}</Accordion.Control>
              <Accordion.Panel>
                <Text size="sm">{a}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
      <Stack gap="xs">
        <Title order={3} size="h5">
          Contact
        </Title>
        <OperatorContact size="sm" />
        <Text size="sm">
          The{' '}
          <Anchor component={Link} to="/privacy">
            privacy notice
          </Anchor>{' '}
          says what is kept and why.
        </Text>
      </Stack>
    </Stack>
  );
}
