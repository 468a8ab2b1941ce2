export type CheckStatus = 'ok' | 'warn' | 'fail';

/** One finding, in the words an administrator reads (`npm run doctor`). */
export interface Check {
  status: CheckStatus;
  title: string;
  detail?: string;
}
