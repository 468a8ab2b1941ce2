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

/** An acceptance act (PDF), uploaded two hours after the ticket was made. */
export function acceptanceAct(sample: SampleContext, owner: TicketFileOwner): SampleUpload {
  const ms = owner.created + 2 * 3_600_000;
  const name = 'акт приёмки.pdf';
  const storagePath = `tickets/${owner.id}/files/${ms}_${name}`;
  sample.writeFile(storagePath, Buffer.from(`%PDF-1.4\n% акт ${owner.id}\n%%EOF\n`));
  return {
    file: {
      url: `https://storage.example/${storagePath}`,
      name,
      size: 40,
      type: 'application/pdf',
      path: storagePath,
      ts: stamp(ms, owner.n),
      uploadedBy: owner.uid,
    },
    entry: {
      ts: stamp(ms, owner.n),
      userId: owner.uid,
      userName: owner.userName,
      action: 'upload_file',
      note: name,
    },
  };
}

/** A photo taken at the pick-up point, three days after the ticket was made. */
export function pvzPhoto(sample: SampleContext, owner: TicketFileOwner): SampleUpload {
  const ms = owner.created + DAY * 3;
  const storagePath = `tickets/${owner.id}/pvz/${ms}_photo.png`;
  sample.writeFile(storagePath, PNG);
  return {
    file: {
      url: `https://storage.example/${storagePath}`,
      name: 'photo.png',
      size: PNG.length,
      type: 'image/png',
      path: storagePath,
      ts: stamp(ms, owner.n),
      uploadedBy: owner.uid,
    },
    entry: {
      ts: stamp(ms, owner.n),
      userId: owner.uid,
      userName: owner.userName,
      action: 'upload_pvz_photo',
      note: 'photo.png',
    },
  };
}
