import { Button, FileButton } from '@mantine/core';

/** Picks several files at once; the spinner shows while they upload. */
export function UploadButton({
  label,
  accept,
  loading,
  onFiles,
}: {
  label: string;
  accept?: string;
  loading: boolean;
  onFiles: (files: File[]) => void;
}) {
  return (
    <FileButton multiple accept={accept} onChange={(files) => files.length > 0 && onFiles(files)}>
      {(props) => (
        <Button {...props} variant="light" size="sm" loading={loading}>
          {label}
        </Button>
      )}
    </FileButton>
  );
}
