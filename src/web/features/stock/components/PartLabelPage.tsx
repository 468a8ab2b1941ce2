import { Anchor, Button, Group } from '@mantine/core';
import JsBarcode from 'jsbarcode';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { formatRubles } from '../../../../domain/money';
import { paths } from '../../../../domain/routes';
import { ean13CheckDigit, type PartDto } from '../../../../domain/stock';
import { AppNotFound } from '../../../app/NotFoundPage';
import { CenteredMessage } from '../../../components/CenteredMessage';
import { LoadFailed } from '../../../components/LoadFailed';
import { errorMessage } from '../../../lib/api';
import { usePart } from '../api/stock-api';
import './part-label.css';

/** A valid EAN-13 prints as one (what shop scanners expect); any other code as Code 128. */
function barcodeFormat(code: string): 'EAN13' | 'CODE128' {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === code[12] ? 'EAN13' : 'CODE128';
}

/** A part's label for the thermal printer, 58×40 mm: name, price, article, place and barcode. */
export function PartLabelPage() {
  const id = Number(useParams().id);
  const part = usePart(id);
  if (!Number.isSafeInteger(id) || id <= 0) return <AppNotFound />;
  return (
    <div className="part-label-page">
      <style>{'@page { size: 58mm 40mm; margin: 0; }'}</style>
      <Group className="part-label-toolbar" justify="space-between">
        <Anchor component={Link} to={paths.part(id)} className="tap-target">
          ← Запчасть
        </Anchor>
        <Button onClick={() => window.print()} disabled={!part.data}>
          Печать
        </Button>
      </Group>
      {part.isPending ? (
        <CenteredMessage title="Загрузка..." />
      ) : part.isError ? (
        <LoadFailed message={errorMessage(part.error)} onRetry={() => void part.refetch()} />
      ) : (
        <Label part={part.data} />
      )}
    </div>
  );
}

function Label({ part }: { part: PartDto }) {
  const svg = useRef<SVGSVGElement>(null);
  const code = part.barcode ?? '';
  useEffect(() => {
    if (!svg.current || code === '') return;
    JsBarcode(svg.current, code, {
      format: barcodeFormat(code),
      margin: 0,
      height: 60,
      fontSize: 14,
      displayValue: true,
      background: '#ffffff',
    });
  }, [code]);
  return (
    <article className="part-label" aria-label={`Этикетка: ${part.name}`}>
      <div className="part-label-name">{part.name}</div>
      <div className="part-label-line">
        <span>{part.article}</span>
        <b>{part.price > 0 ? formatRubles(part.price) : ''}</b>
      </div>
      {part.place && <div>{part.place}</div>}
      <div className="part-label-code">
        <svg ref={svg} role="img" aria-label={`Штрихкод ${code}`} data-testid="part-barcode" />
      </div>
    </article>
  );
}
