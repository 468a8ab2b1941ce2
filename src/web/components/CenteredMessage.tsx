import { Center, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A short message in the middle of the page: loading, not found, empty. `inList`: where a list's
 * rows would be, under its filters — kept close to them, not half a screen down (on a phone
 * that put «Пусто» behind the bottom bar, below the fold).
 */
export function CenteredMessage({
  title,
  inList = false,
  children,
}: {
  title: string;
  inList?: boolean;
  children?: ReactNode;
}) {
  return (
    <Center mih={inList ? undefined : '50vh'} p="md" py={inList ? 'xl' : undefined}>
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
