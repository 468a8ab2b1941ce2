import { Center, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A short message in the middle of the page: loading, not found, empty. */
export function CenteredMessage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Center mih="50vh" p="md">
      <Stack align="center" gap="sm">
        {/* A heading, so a screen reader's heading list says what the page shows. */}
        {title && (
          <Text component="h2" size="lg" fw={500} ta="center" m={0}>
            {title}
          </Text>
        )}
        {children}
      </Stack>
    </Center>
  );
}
