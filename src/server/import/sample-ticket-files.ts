import { DAY, PNG, stamp, type SampleContext } from './sample-context';

/** The ticket a file is added to, and who adds it. */
export interface TicketFileOwner {
  id: string;
  /** The ticket's number in the sample: picks the timestamps' form. */
  n: number;
  created: number;
  uid: string;
  userName: string;
}

/** A stored file as the old tool lists it, and the history entry of its upload. */
export interface SampleUpload {
  file: Record<string, unknown>;
  entry: Record<string, unknown>;
}

/** A file stored at `storagePath` at `ms`, as the old tool lists it, with its upload's entry. */
function upload(
  owner: TicketFileOwner,
  ms: number,
  storagePath: string,
  { name, size, type, action }: { name: string; size: number; type: string; action: string },
): SampleUpload {
  const ts = stamp(ms, owner.n);
  return {
    file: {
      url: `https://storage.example/${storagePath}`,
      name,
      size,
      type,
      path: storagePath,
      ts,
      uploadedBy: owner.uid,
    },
    entry: { ts, userId: owner.uid, userName: owner.userName, action, note: name },
  };
}

/** An acceptance act (PDF), uploaded two hours after the ticket was made. */
export function acceptanceAct(sample: SampleContext, owner: TicketFileOwner): SampleUpload {
  const ms = owner.created + 2 * 3_600_000;
  const name = 'акт приёмки.pdf';
  const storagePath = `tickets/${owner.id}/files/${ms}_${name}`;
  sample.writeFile(storagePath, Buffer.from(`%PDF-1.4\n% акт ${owner.id}\n%%EOF\n`));
  return upload(owner, ms, storagePath, { name, size: 40, type: 'application/pdf', action: 'upload_file' });
}

/** A photo taken at the pick-up point, three days after the ticket was made. */
export function pvzPhoto(sample: SampleContext, owner: TicketFileOwner): SampleUpload {
  const ms = owner.created + DAY * 3;
  const storagePath = `tickets/${owner.id}/pvz/${ms}_photo.png`;
  sample.writeFile(storagePath, PNG);
  return upload(owner, ms, storagePath, {
    name: 'photo.png',
    size: PNG.length,
    type: 'image/png',
    action: 'upload_pvz_photo',
  });
}
