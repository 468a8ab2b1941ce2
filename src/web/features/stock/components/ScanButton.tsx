import { ActionIcon, Button, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';

// The browser's own barcode reader (Chrome on Android, Safari 17+ on iOS): where it is missing,
// the button is not shown and a typed code (or a USB scanner, which types) does the same.

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeReaderClass = new (options?: { formats?: string[] }) => BarcodeReader;

const FORMATS = ['ean_13', 'ean_8', 'code_128', 'code_39', 'upc_a', 'upc_e', 'qr_code'];

function barcodeReaderClass(): BarcodeReaderClass | null {
  const candidate = (globalThis as { BarcodeDetector?: BarcodeReaderClass }).BarcodeDetector;
  return candidate && typeof navigator.mediaDevices?.getUserMedia === 'function' ? candidate : null;
}

/** «Сканировать»: the phone's camera reads a barcode and hands its text to `onCode`. */
export function ScanButton({ onCode }: { onCode: (code: string) => void }) {
  const [open, setOpen] = useState(false);
  if (!barcodeReaderClass()) return null;
  return (
    <>
      <ActionIcon
        variant="light"
        size="lg"
        aria-label="Сканировать штрихкод камерой"
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M3 5v4M3 15v4M21 5v4M21 15v4M7 6v12M10 6v12M13 6v12M17 6v12"
            stroke="currentColor"
            strokeWidth="2"
            fill="none"
          />
        </svg>
      </ActionIcon>
      {open && (
        <ScanDialog
          onClose={() => setOpen(false)}
          onCode={(code) => {
            setOpen(false);
            onCode(code);
          }}
        />
      )}
    </>
  );
}

function ScanDialog({ onClose, onCode }: { onClose: () => void; onCode: (code: string) => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  // The camera starts once per dialog, whatever the parent renders meanwhile.
  const handOver = useRef(onCode);
  useEffect(() => {
    handOver.current = onCode;
  });

  useEffect(() => {
    const Reader = barcodeReaderClass();
    if (!Reader) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const reader = new Reader({ formats: FORMATS });
    const look = async () => {
      if (stopped || !video.current) return;
      try {
        const [found] = await reader.detect(video.current);
        if (found?.rawValue && !stopped) return handOver.current(found.rawValue.trim());
      } catch {
        // A frame the reader could not take (the video not playing yet): try the next one.
      }
      timer = setTimeout(() => void look(), 200);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (camera) => {
        stream = camera;
        if (stopped || !video.current) return;
        video.current.srcObject = camera;
        await video.current.play();
        void look();
      })
      .catch(() => setProblem('Нет доступа к камере. Разрешите его в браузере или введите код вручную.'));
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, []);

  return (
    <Modal opened onClose={onClose} title="Наведите камеру на штрихкод">
      <Stack>
        {problem ? (
          <Text c="red">{problem}</Text>
        ) : (
          <video ref={video} muted playsInline style={{ width: '100%', borderRadius: 8 }} />
        )}
        <Button variant="default" onClick={onClose}>
          Отмена
        </Button>
      </Stack>
    </Modal>
  );
}
