import {
  Anchor,
  Badge,
  Box,
  Button,
  Container,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router';
import { ImportIcon, LogoMark, SearchIcon, SparkIcon } from '../../components/icons';
import { OperatorContact } from '../../components/OperatorContact';
import { usePageTitle } from '../../components/usePageTitle';
import { preloadDesk } from '../../routes/app-chunks';
import { useIsLoggedIn } from '../../state/session';
import classes from './landing.module.css';

/**
 * The spec's /courses, /about and /contact: each leads to its section of this page (the router sends
 * them to `/#why`, `/#about` and `/#contact`, and scrolls to the section named by the hash).
 */
const NAV = [
  { to: '/courses', label: 'Why' },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];

const REASONS = [
  {
    title: 'Search that finds what you half remember',
    text: 'Parts of words, small misspellings and words inside your documents all match, ranked by how well they match, across every source at once.',
  },
  {
    title: 'Filing into folders, not a cloud of tags',
    text: 'Suggestions put items into your own drawers and binders, learn from every choice you make, and move nothing until you accept.',
  },
  {
    title: 'Imports that say what happened',
    text: 'Thousands of items arrive with a progress count, and any item that could not be brought in is named with the reason and a retry.',
  },
  {
    title: 'No pile of duplicates',
    text: 'A file you already have is recognised when it arrives again, and its bytes are never stored twice.',
  },
];

interface Feature {
  icon: ReactNode;
  title: string;
  text: string;
  points: string[];
}

const FEATURES: Feature[] = [
  {
    icon: <ImportIcon size={22} />,
    title: 'Import from drives and mail',
    text: 'Bring everything onto one desk: files from your drives, mail and its attachments, messages, calendar events, photos and the pages you save with the browser extension.',
    points: ['Google Drive and Dropbox', 'Mail, calendar and gallery', 'WhatsApp and the browser extension'],
  },
  {
    icon: <SparkIcon size={22} />,
    title: 'Auto-organise with AI',
    text: 'New items arrive unfiled. Easio recommends drawers, binders and tags for them; accept, edit or dismiss, and the recommendations improve with every choice.',
    points: [
      'Recommendations for every group of items',
      'Bulk actions: file many items at once',
      'Accuracy that improves as you use it',
    ],
  },
  {
    icon: <SearchIcon size={22} />,
    title: 'Advanced search',
    text: 'Find any note, link, file, location or e-mail across every source, however it arrived.',
    points: ['Filters by source and kind', 'Sort by what matters', 'Refine by time period'],
  },
];

function DeskPreview() {
  const rows = [
    { name: 'Tax return 2024.pdf', where: 'Finance › Taxes', source: 'Drive' },
    { name: 'Flat lease — signed', where: 'Home › Lease', source: 'Mail' },
    { name: 'Boarding pass BLR→DEL', where: 'Travel › March', source: 'WhatsApp' },
  ];
  return (
    <Paper radius="lg" p="lg" className={classes.preview} aria-hidden="true">
      <Group justify="space-between" mb="md">
        <Text fw={700}>Recommendations</Text>
        <Badge variant="light">3 new</Badge>
      </Group>
      <Stack gap="sm">
        {rows.map((row) => (
          <Paper key={row.name} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap">
              <Box miw={0}>
                <Text size="sm" fw={600} truncate>
                  {row.name}
                </Text>
                <Text size="xs" c="dimmed">
                  File into {row.where}
                </Text>
              </Box>
              <Badge variant="outline" color="var(--easio-text-strong)" size="sm">
                {row.source}
              </Badge>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Paper>
  );
}

/** The public landing page (spec sections 1 and 2). */
export function LandingPage() {
  usePageTitle(null);
  // A signed-in visitor is one click from the desk: its code comes ahead.
  const loggedIn = useIsLoggedIn();
  useEffect(() => {
    if (loggedIn) preloadDesk();
  }, [loggedIn]);
  return (
    <>
      <Box component="header" className={classes.hero}>
        <Container size="lg" py="md">
          <Group justify="space-between" component="nav" aria-label="Main">
            <Anchor component={Link} to="/" underline="never" c="inherit" aria-label="Easio home">
              <Group gap={8}>
                <LogoMark />
                <Text fw={800} size="xl">
                  Easio
                </Text>
              </Group>
            </Anchor>
            <Group gap="lg">
              {NAV.map((item) => (
                <Anchor
                  key={item.to}
                  component={Link}
                  to={item.to}
                  c="var(--mantine-color-text)"
                  fw={500}
                  visibleFrom="sm"
                >
                  {item.label}
                </Anchor>
              ))}
              {loggedIn ? (
                <Button component={Link} to="/my-desk">
                  Go to my desk
                </Button>
              ) : (
                <>
                  <Anchor component={Link} to="/login" fw={600}>
                    Sign in
                  </Anchor>
                  <Button component={Link} to="/signup">
                    Sign up
                  </Button>
                </>
              )}
            </Group>
          </Group>
        </Container>

        <Container size="lg" pt={64} pb={88}>
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing={56} style={{ alignItems: 'center' }}>
            <Stack gap="lg">
              <Badge variant="light" size="lg" w="fit-content">
                Your personal document desk
              </Badge>
              <Title order={1} className={classes.heroTitle}>
                Declutter, organise, <span className={classes.accent}>search</span>.
              </Title>
              <Text size="lg" c="var(--easio-text-muted)" maw={520}>
                Easio gathers your files, notes, links, e-mails and attachments from your drives, mail and
                messages into one desk, files them with AI recommendations that learn from you, and finds
                anything in seconds.
              </Text>
              <Group>
                <Button size="md" component={Link} to={loggedIn ? '/my-desk' : '/signup'}>
                  {loggedIn ? 'Open my desk' : 'Get started'}
                </Button>
              </Group>
            </Stack>
            <DeskPreview />
          </SimpleGrid>
        </Container>
      </Box>

      <Box component="main">
        <Container size="lg" py={80}>
          <Stack gap={8} align="center" mb={48} ta="center">
            <Title order={2}>One desk for everything you keep</Title>
            <Text c="dimmed" maw={620}>
              Stop hunting through drives, inboxes and chats. Easio brings it together, keeps it tidy and gets
              out of your way.
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
            {FEATURES.map((feature) => (
              <Paper key={feature.title} withBorder radius="lg" p="xl" className={classes.feature}>
                <Stack gap="sm">
                  <ThemeIcon size={44} radius="md" variant="light">
                    {feature.icon}
                  </ThemeIcon>
                  <Title order={3} size="h4">
                    {feature.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {feature.text}
                  </Text>
                  <List size="sm" spacing={4}>
                    {feature.points.map((point) => (
                      <List.Item key={point}>{point}</List.Item>
                    ))}
                  </List>
                </Stack>
              </Paper>
            ))}
          </SimpleGrid>

          <Stack gap="lg" mt={80} component="section" aria-labelledby="why" className={classes.section}>
            <Title order={2} id="why">
              Why Easio
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              {REASONS.map((reason) => (
                <Stack key={reason.title} gap={4}>
                  <Title order={3} size="h5">
                    {reason.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {reason.text}
                  </Text>
                </Stack>
              ))}
            </SimpleGrid>
          </Stack>

          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={48} mt={80}>
            <Stack gap="sm" component="section" aria-labelledby="about" className={classes.section}>
              <Title order={2} id="about">
                About
              </Title>
              <Text>
                Easio is a personal document desk: your papers, files, notes, links, places and e-mails in one
                place, kept on the server you sign in to. What you keep is never shown to anyone else, and it
                is always yours to take away or delete: one download holds everything, and deleting your
                account erases all of it.
              </Text>
              <Anchor component={Link} to="/privacy">
                Read the privacy notice
              </Anchor>
            </Stack>
            <Stack gap="sm" component="section" aria-labelledby="contact" className={classes.section}>
              <Title order={2} id="contact">
                Contact
              </Title>
              <OperatorContact />
            </Stack>
          </SimpleGrid>

          <Paper radius="lg" p={{ base: 'xl', sm: 48 }} mt={80} bg="var(--mantine-primary-color-light)">
            <Group justify="space-between" align="center">
              <Stack gap={4}>
                <Title order={2} size="h3">
                  Ready to clear your desk?
                </Title>
                <Text c="var(--easio-text-muted)">
                  Create an account and link your first source in a couple of minutes.
                </Text>
              </Stack>
              <Button size="md" component={Link} to={loggedIn ? '/my-desk' : '/signup'}>
                {loggedIn ? 'Open my desk' : 'Create your desk'}
              </Button>
            </Group>
          </Paper>
        </Container>
      </Box>

      <Box component="footer" className={classes.footer}>
        <Container size="lg" py="xl">
          <Group justify="space-between" gap="md">
            <Group gap={8}>
              <LogoMark size={22} />
              <Text size="sm" c="dimmed">
                © {new Date().getFullYear()} Easio
              </Text>
            </Group>
            <Group gap="lg" component="nav" aria-label="Footer">
              {NAV.map((item) => (
                <Anchor key={item.to} component={Link} to={item.to} size="sm" c="dimmed">
                  {item.label}
                </Anchor>
              ))}
              <Anchor component={Link} to="/privacy" size="sm" c="dimmed">
                Privacy
              </Anchor>
              {loggedIn ? (
                <Anchor component={Link} to="/my-desk" size="sm" c="dimmed">
                  My desk
                </Anchor>
              ) : (
                <>
                  <Anchor component={Link} to="/login" size="sm" c="dimmed">
                    Sign in
                  </Anchor>
                  <Anchor component={Link} to="/signup" size="sm" c="dimmed">
                    Sign up
                  </Anchor>
                </>
              )}
            </Group>
          </Group>
        </Container>
      </Box>
    </>
  );
}
