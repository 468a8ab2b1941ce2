import type { ColumnTarget, ImportStatus } from './crm-import';

// What the import screens read (issue 56).

export interface ImportPreviewDto {
  /** The file's column titles, and how it was read. */
  titles: string[];
  encoding: 'utf-8' | 'windows-1251' | 'xlsx';
  /** The first rows as text, with their lines in the file. */
  sample: { line: number; cells: string[] }[];
  /** Each column's place: as sent, or guessed from its title. */
  columns: ColumnTarget[];
  statusWords: { key: string; word: string; count: number; guess: ImportStatus | null }[];
  /** Rows under the titles (blank ones left out). */
  rows: number;
  /** Repairs the import would make. */
  ready: number;
  /** Rows an earlier import brought in: skipped. */
  alreadyImported: number;
  newClients: number;
  /** Clients already here, found by phone. */
  knownClients: number;
  refused: number;
  /** The first refused rows, each with its line and why. */
  refusals: { line: number; error: string }[];
}

export interface ImportBatchDto {
  id: number;
  fileName: string;
  ticketType: string;
  /** 'failed': stopped part-way (what it wrote stays and can be undone). */
  state: 'running' | 'done' | 'failed' | 'undone';
  rowsTotal: number;
  rowsDone: number;
  ticketsCreated: number;
  clientsCreated: number;
  rowsSkipped: number;
  rowsRefused: number;
  refusals: { line: number; error: string }[];
  createdByName: string;
  createdAt: string;
  finishedAt: string | null;
  undoneAt: string | null;
  undoneByName: string;
}
