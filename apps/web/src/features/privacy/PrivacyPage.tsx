import { Anchor, Container, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { OperatorContact } from '../../components/OperatorContact';
import { PublicShell, SignInLink } from '../../components/PublicShell';
import { usePageTitle } from '../../components/usePageTitle';

function Outbound({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Anchor>
  );
}

interface Section {
  id: string;
  title: string;
  body: ReactNode;
}

/** California categories of personal information (spec section 3): collected in the past 12 months or not. */
const CCPA_CATEGORIES: [string, string, boolean][] = [
  [
    'A. Identifiers',
    'Contact details such as name, postal address, e-mail address, online identifier and IP address',
    true,
  ],
  [
    'B. Customer-record categories',
    'Name, contact information, education, employment and financial information',
    true,
  ],
  ['C. Protected classification characteristics', 'Gender and date of birth', true],
  ['D. Commercial information', 'Transaction information, purchase history and payment information', true],
  ['E. Biometric information', 'Fingerprints and voiceprints', false],
  [
    'F. Internet or other similar network activity',
    'Browsing history, search history and interactions with our services',
    true,
  ],
  ['G. Geolocation data', 'Device location', false],
  ['H. Audio, electronic, visual, thermal, olfactory or similar information', 'Images and recordings', false],
  [
    'I. Professional or employment-related information',
    'Business contact details, job title, work history',
    false,
  ],
  ['J. Education information', 'Student records and directory information', false],
  [
    'K. Inferences drawn from other personal information',
    'Profiles of preferences and characteristics',
    true,
  ],
  ['L. Sensitive personal information', '—', false],
];

const SECTIONS: Section[] = [
  {
    id: 'infocollect',
    title: '1. What information do we collect?',
    body: (
      <>
        <Text>
          We collect the personal information you give us when you create an account, sign in, place an order,
          post comments or contributions in public areas, contact support or take part in a survey or contest:
          your account information; your orders, payments, returns and exchanges; and what you post.
        </Text>
        <Text>
          Some information is collected automatically when you use the service: device data (IP address,
          device and application identifiers, location, browser type, hardware model, internet provider or
          carrier, operating system and system configuration) and location data, precise or imprecise, derived
          from your IP address or GPS. Our maps and places service caches your location on your device.
        </Text>
      </>
    ),
  },
  {
    id: 'infouse',
    title: '2. How do we process your information?',
    body: (
      <Text>
        To provide and run the service: to create your account and let you sign in, review, change or
        terminate it; to process orders with payments, returns and exchanges; to enable communication between
        users and public posts; to sign you in with a social network; to provide customer support; to run
        surveys and contests; and to offer the maps and places service.
      </Text>
    ),
  },
  {
    id: 'legalbases',
    title: '3. What legal bases do we rely on to process your personal information?',
    body: (
      <Text>
        We process your personal information only when we have a valid legal reason to do so under the law
        that applies to you, such as your consent or the need to provide a service you asked for. Users in the
        EEA, the UK, Canada and Switzerland have the specific rights described in section 12.
      </Text>
    ),
  },
  {
    id: 'whoshare',
    title: '4. When and with whom do we share your personal information?',
    body: (
      <Text>
        We do not sell or share your personal information, and we have not sold or shared any personal
        information in the past 12 months. We do not process sensitive personal information.
      </Text>
    ),
  },
  {
    id: '3pwebsites',
    title: '5. What is our stance on third-party websites?',
    body: (
      <Text>
        The service may link to websites and services run by others. We do not control them and are not
        responsible for how they handle your information; read their own privacy notices before you give them
        any.
      </Text>
    ),
  },
  {
    id: 'cookies',
    title: '6. Do we use cookies and other tracking technologies?',
    body: (
      <Text>
        We may use cookies and similar technologies to run the service and remember your settings. You can opt
        out of interest-based advertising on the{' '}
        <Outbound href="https://optout.aboutads.info/">advertising opt-out page</Outbound>.
      </Text>
    ),
  },
  {
    id: 'sociallogins',
    title: '7. How do we handle your social logins?',
    body: (
      <Text>
        If you sign in with a social network account, we receive profile information from that network, such
        as your name, e-mail address, friends list and profile picture, and use it only as this notice
        describes.
      </Text>
    ),
  },
  {
    id: 'intltransfers',
    title: '8. Is your information transferred internationally?',
    body: (
      <Text>
        Our servers are in India. If you use the service from elsewhere, your information is transferred to,
        stored and processed in India. If you believe we handle your information unlawfully, you can complain
        to your{' '}
        <Outbound href="https://edpb.europa.eu/about-edpb/about-edpb/members_en">
          EU data protection authority
        </Outbound>{' '}
        or to the{' '}
        <Outbound href="https://www.edoeb.admin.ch/edoeb/en/home.html">
          Swiss data protection authority
        </Outbound>
        .
      </Text>
    ),
  },
  {
    id: 'inforetain',
    title: '9. How long do we keep your information?',
    body: (
      <Text>
        For as long as you have an account with us, unless the law requires a longer period. When we have no
        ongoing need to keep your information, we delete or anonymize it, or, if it is in backups, isolate it
        until it can be deleted.
      </Text>
    ),
  },
  {
    id: 'infosafe',
    title: '10. How do we keep your information safe?',
    body: (
      <Text>
        We use technical and organisational measures to protect your information: passwords are stored only as
        strong one-way hashes, and the access tokens of the sources you link are encrypted at rest. No
        transmission over the internet can be guaranteed to be fully secure, so use the service in a secure
        environment.
      </Text>
    ),
  },
  {
    id: 'infominors',
    title: '11. Do we collect information from minors?',
    body: (
      <Text>
        You must be at least 18 years old, or be the parent or guardian of a minor who consents to the minor's
        use of the service. If we learn that an account belongs to a user under 18, we deactivate it and
        delete its data.
      </Text>
    ),
  },
  {
    id: 'privacyrights',
    title: '12. What are your privacy rights?',
    body: (
      <>
        <Text>
          You can review, change or terminate your account at any time in your account settings. When you
          terminate it, we deactivate it or delete it from our active databases; we may keep some information
          to prevent fraud, troubleshoot problems, assist with investigations and comply with the law.
        </Text>
        <Text>
          In the EEA, the UK and Canada you may ask for access to your information, its rectification or
          erasure, the restriction of its processing and its portability, and you may object to its
          processing. We act on opt-out requests within 15 days. To stop text messages, reply STOP or
          UNSUBSCRIBE.
        </Text>
      </>
    ),
  },
  {
    id: 'withdrawconsent',
    title: 'Withdrawing your consent',
    body: (
      <Text>
        Where we rely on your consent, you may withdraw it at any time. Withdrawing it does not affect the
        lawfulness of processing that took place before.
      </Text>
    ),
  },
  {
    id: 'DNT',
    title: '13. Controls for do-not-track features',
    body: (
      <Text>
        Browsers can send a do-not-track signal. No uniform standard for answering it exists, so we do not
        respond to do-not-track signals.
      </Text>
    ),
  },
  {
    id: 'caresidents',
    title: '14. Do California residents have specific privacy rights?',
    body: (
      <>
        <Text>
          California residents may ask us, once a year and free of charge, what personal information we
          disclosed to third parties for their direct marketing. A California user under 18 with an account
          may ask us to remove what they posted publicly, by giving the account's e-mail address and a
          statement that they live in California. In the past 12 months we collected these categories of
          personal information:
        </Text>
        <Table.ScrollContainer minWidth={560}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Category</Table.Th>
                <Table.Th>Examples</Table.Th>
                <Table.Th>Collected</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {CCPA_CATEGORIES.map(([category, examples, collected]) => (
                <Table.Tr key={category}>
                  <Table.Td>{category}</Table.Td>
                  <Table.Td>{examples}</Table.Td>
                  <Table.Td>{collected ? 'YES' : 'NO'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </>
    ),
  },
  {
    id: 'virginia',
    title: '15. Do Virginia residents have specific privacy rights?',
    body: (
      <Text>
        Yes. We answer a Virginia resident's request within 45 days, and may extend that once by a further 45
        days when we tell you so within the first period. If we decline to act on a request, you may appeal;
        we answer appeals in writing within 60 days, and if your appeal is denied you may contact the state
        Attorney General.
      </Text>
    ),
  },
  {
    id: 'policyupdates',
    title: '16. Do we make updates to this notice?',
    body: (
      <Text>
        Yes, we update this notice as needed to stay compliant with relevant laws. The updated version is
        marked by the Revised date at the top of this page.
      </Text>
    ),
  },
  {
    id: 'contact',
    title: '17. How can you contact us about this notice?',
    body: <OperatorContact />,
  },
  {
    id: 'request',
    title: '18. How can you review, update, or delete the data we collect from you?',
    body: (
      <Text>
        You can review and change your account details in Settings at any time. Under{' '}
        <Anchor component={Link} to="/settings">
          Settings › Your data
        </Anchor>{' '}
        you can download a copy of everything we hold about you (one ZIP with your account, every item, your
        suggestions and filing history, and every file you stored), and delete your account, which erases all
        of it at once. To ask us anything else about your data, or to submit a data subject access request,
        use the contact in section 17.
      </Text>
    ),
  },
];

/** The privacy notice (spec section 2): its sections and anchors, each summarised from the spec. */
export function PrivacyPage() {
  usePageTitle('Privacy Notice');
  return (
    <PublicShell aside={<SignInLink />}>
      <Container size="md" py={48}>
        <Stack gap="xl">
          <Stack gap={4}>
            <Title order={1}>Privacy Notice</Title>
            <Text c="dimmed">Last updated February 2023</Text>
            <Text c="dimmed">Revised November 2026</Text>
          </Stack>
          <Text>
            This privacy notice describes how and why Easio collects, stores, uses and shares your information
            when you use our services: the Easio web application, its browser extension and the sources you
            link to it.
          </Text>

          <Paper withBorder radius="md" p="lg" component="nav" aria-labelledby="toc-title">
            <Title order={2} size="h4" id="toc-title" mb="sm">
              Table of contents
            </Title>
            <List spacing={4} size="sm" listStyleType="none">
              {SECTIONS.map((section) => (
                <List.Item key={section.id}>
                  <Anchor href={`#${section.id}`}>{section.title}</Anchor>
                </List.Item>
              ))}
            </List>
          </Paper>

          {SECTIONS.map((section) => (
            <Stack key={section.id} gap="sm" component="section" aria-labelledby={section.id}>
              <Title order={2} size="h3" id={section.id}>
                {section.title}
              </Title>
              {section.body}
            </Stack>
          ))}
        </Stack>
      </Container>
    </PublicShell>
  );
}
