import { Center, Paper, Stack, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useAppName } from '../../../lib/session';

export function AuthCard({
  title,
  onSubmit,
  children,
}: {
  title: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const appName = useAppName();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Paper
        component="form"
        onSubmit={submit}
        noValidate
        withBorder
        shadow="sm"
        p="xl"
        radius="md"
        w={400}
        maw="100%"
      >
        <Stack>
          <Title order={2} ta="center" c="blue.7">
            {appName}
          </Title>
          <Title order={3} ta="center" fw={500}>
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
