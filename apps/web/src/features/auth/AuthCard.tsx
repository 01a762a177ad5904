import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { PublicShell } from '../../components/PublicShell';
import classes from './auth.module.css';

/** The frame of the small signed-out screens (forgotten password, new password, address confirmation). */
export function AuthCard({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <PublicShell>
      <div className={classes.page}>
        <Paper withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }} className={classes.card}>
          <Stack gap="lg">
            <Stack gap={4}>
              <Title order={1} size="h2">
                {title}
              </Title>
              {intro && (
                <Text c="dimmed" size="sm">
                  {intro}
                </Text>
              )}
            </Stack>
            {children}
          </Stack>
        </Paper>
      </div>
    </PublicShell>
  );
}
