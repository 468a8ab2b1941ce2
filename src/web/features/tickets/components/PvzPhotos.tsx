import type { TicketDetailDto } from '../../../../domain/ticket-schemas';
import { showsPvzPhotos } from '../../../../domain/ticket-status';
import { PhotoGallery } from '../../../components/PhotoGallery';
import { errorMessage } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { reportUploadError } from '../../../lib/upload';
import { useDeleteTicketFile, useUploadTicketFiles } from '../api/tickets-api';

/**
 * Photos taken at the pickup point: added and removed only in «Прибыл в ПВЗ» (spec §4),
 * and kept in view, read-only, in every later status (they are the case's evidence)
 * and while the ticket is in the Корзина.
 */
export function PvzPhotos({ ticket, readOnly = false }: { ticket: TicketDetailDto; readOnly?: boolean }) {
  const upload = useUploadTicketFiles(ticket.id, 'pvz-photos');
  const remove = useDeleteTicketFile(ticket.id);
  const onError = (error: unknown) => toast.error(errorMessage(error));
  if (readOnly || !showsPvzPhotos(ticket.status)) {
    return <PhotoGallery title="Фото из ПВЗ" photos={ticket.pvzPhotos} />;
  }
  return (
    <PhotoGallery
      title="Фото из ПВЗ"
      photos={ticket.pvzPhotos}
      onUpload={(files, options) =>
        upload.mutateAsync({ files, options }).then(() => toast.success('Фото загружены'), reportUploadError)
      }
      onDelete={(photo) => remove.mutate(photo.id, { onError })}
    />
  );
}
