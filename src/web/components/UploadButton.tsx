import { Button, FileButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { uploadProblem } from '../../domain/upload-check';
import { publicConfigQuery } from '../lib/session';
import { toast } from '../lib/toast';

/**
 * Picks several files at once; the spinner shows while they upload. Files over the
 * server's limits are refused here at once, before a byte is sent (issue 17).
 */
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
  const config = useQuery(publicConfigQuery).data;
  const pick = (files: File[]) => {
    if (files.length === 0) return;
    const problem = config ? uploadProblem(files, config) : null;
    if (problem) toast.error(problem);
    else onFiles(files);
  };
  return (
    <FileButton multiple accept={accept} onChange={pick}>
      {(props) => (
        <Button {...props} variant="light" size="sm" loading={loading}>
          {label}
        </Button>
      )}
    </FileButton>
  );
}
