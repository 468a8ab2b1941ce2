import { Anchor, Button, Group } from '@mantine/core';
import { Link, useParams } from 'react-router';
import { paths } from '../../../../domain/routes';
import {
  isTicketDocumentKind,
  printedValue,
  printsWide,
  TICKET_DOCUMENT_TITLES,
  TICKET_DOCUMENTS,
  type TicketDocument,
  type TicketDocumentKind,
} from '../../../../domain/ticket-documents';
import type { DocumentTable } from '../../../../domain/document-money';
import { ticketNumber } from '../../../../domain/ticket-number';
import { AppNotFound } from '../../../app/NotFoundPage';
import { LoadFailed } from '../../../components/LoadFailed';
import { CenteredMessage } from '../../../components/CenteredMessage';
import { errorMessage } from '../../../lib/api';
import { documentPdfUrl, useTicketDocument, type TicketDocumentPage } from '../api/documents-api';
import { MissingRequisites } from '../../settings/public';
import './print.css';

/** The printer's paper for each kind: A4 with margins, or the thermal printer's 58×40 mm label. */
const PAGE_RULE: Record<TicketDocumentKind, string> = {
  receipt: '@page { size: A4; margin: 14mm; }',
  act: '@page { size: A4; margin: 14mm; }',
  label: '@page { size: 58mm 40mm; margin: 3mm; }',
};

const qrSource = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** What the code holds, for a screen reader: the ticket's number, or its status link. */
const qrAlt = (document: TicketDocument) =>
  document.qr.text === document.number ? `QR-код: ${document.number}` : 'QR-код: ссылка на статус ремонта';

/**
 * A ticket's приёмная квитанция, акт выдачи or label, drawn from the same model as its PDF
 * (src/domain/ticket-documents.ts): the toolbar offers the browser's print and the PDF, and
 * is left off the paper.
 */
export function TicketPrintPage() {
  const params = useParams();
  const id = Number(params.id);
  const kind = params.kind;
  if (!Number.isSafeInteger(id) || id <= 0 || !isTicketDocumentKind(kind)) return <AppNotFound />;
  return <PrintScreen id={id} kind={kind} />;
}

function PrintScreen({ id, kind }: { id: number; kind: TicketDocumentKind }) {
  const query = useTicketDocument(id, kind);
  return (
    <div className="print-page">
      <style>{PAGE_RULE[kind]}</style>
      <Group className="print-toolbar" justify="space-between" gap="xs">
        <Anchor component={Link} to={paths.ticket(id)} className="tap-target">
          ← Заявка {ticketNumber(id)}
        </Anchor>
        <Group gap={4} role="group" aria-label="Документ">
          {TICKET_DOCUMENTS.map((other) => (
            <Button
              key={other}
              component={Link}
              to={paths.ticketPrint(id, other)}
              replace
              size="xs"
              variant={other === kind ? 'filled' : 'default'}
              aria-current={other === kind ? 'page' : undefined}
            >
              {TICKET_DOCUMENT_TITLES[other]}
            </Button>
          ))}
        </Group>
        <Group gap="xs">
          <Button
            component="a"
            href={documentPdfUrl(id, kind)}
            download={query.data?.document.fileName}
            variant="default"
            disabled={!query.data}
          >
            Скачать PDF
          </Button>
          <Button onClick={() => window.print()} disabled={!query.data}>
            Печать
          </Button>
        </Group>
      </Group>
      {kind !== 'label' && (
        <div className="print-note">
          <MissingRequisites where="В шапке документа" />
        </div>
      )}
      {query.isPending ? (
        <CenteredMessage title="Загрузка..." />
      ) : query.isError ? (
        <LoadFailed message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : kind === 'label' ? (
        <LabelSheet page={query.data} />
      ) : (
        <Sheet page={query.data} />
      )}
    </div>
  );
}

function Sheet({ page }: { page: TicketDocumentPage }) {
  const { document } = page;
  return (
    <article className="print-sheet" data-kind={document.kind} aria-label={document.title}>
      <header className="doc-header">
        {page.logoUrl && <img className="doc-logo" src={page.logoUrl} alt="Логотип" />}
        <div className="doc-shop">
          <div className="doc-shop-name">{document.shop.name}</div>
          {document.shop.details.map((line) => (
            <div key={line} className="doc-shop-line">
              {line}
            </div>
          ))}
        </div>
        <QrCode page={page} />
      </header>
      <h1 className="doc-title">{document.title}</h1>
      <div className="doc-subtitle">{document.subtitle}</div>
      <Sections document={document} />
      {document.tables.map((table) => (
        <MoneyTable key={table.heading} table={table} />
      ))}
      {document.notes.map((note) => (
        <p key={note} className="doc-note">
          {note}
        </p>
      ))}
      <div className="doc-signatures">
        {document.signatures.map((signature) => (
          <div key={signature.role} className="doc-signature">
            <div>{signature.role}</div>
            <div className="doc-signature-line" />
            <div className="doc-signature-name">подпись / {signature.name || 'ФИО'}</div>
          </div>
        ))}
      </div>
    </article>
  );
}

/** The sums (issue 50): the same table the PDF draws. */
function MoneyTable({ table }: { table: DocumentTable }) {
  return (
    <section className="doc-section">
      <h2>{table.heading}</h2>
      {table.columns.length > 0 && (
        <div className="doc-table-wrap">
          <table className="doc-table">
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column.label} className={column.numeric ? 'doc-num' : undefined}>
                    {column.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((cells, index) => (
                <tr key={index}>
                  {cells.map((cell, column) => (
                    <td key={column} className={table.columns[column]?.numeric ? 'doc-num' : undefined}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {table.totals.map((total) => (
        <div key={total.label} className={total.strong ? 'doc-total doc-total-strong' : 'doc-total'}>
          {total.label}: {total.value}
        </div>
      ))}
    </section>
  );
}

function QrCode({ page }: { page: TicketDocumentPage }) {
  return (
    <div className="doc-qr">
      <img src={qrSource(page.qrSvg)} alt={qrAlt(page.document)} />
      {page.document.qr.caption}
    </div>
  );
}

function Sections({ document }: { document: TicketDocument }) {
  return document.sections.map((section) => (
    <section key={section.heading} className="doc-section">
      <h2>{section.heading}</h2>
      {section.fields.map((field) =>
        printsWide(field) ? (
          <div key={field.label}>
            <div className="doc-long-label">{field.label}</div>
            <div className="doc-long">{printedValue(field.value)}</div>
          </div>
        ) : (
          <div key={field.label} className="doc-row">
            <div className="doc-label">{field.label}</div>
            <div className="doc-value">{printedValue(field.value)}</div>
          </div>
        ),
      )}
    </section>
  ));
}

function LabelSheet({ page }: { page: TicketDocumentPage }) {
  const { document } = page;
  const fields = document.sections.flatMap((section) => section.fields).filter((f) => f.value.trim());
  return (
    <article className="print-sheet" data-kind="label" aria-label={document.title}>
      <div className="label-top">
        <div>
          <div className="label-number">{document.number}</div>
          <div>{document.subtitle}</div>
        </div>
        <img src={qrSource(page.qrSvg)} alt={qrAlt(document)} />
      </div>
      {fields.map((field) => (
        <div key={field.label} className="label-row">
          <b>{field.label}:</b> {field.value}
        </div>
      ))}
    </article>
  );
}
