/** A ticket's number as staff say and write it (spec: «#id»); a task's is written the same way. Kept apart from the schemas so the
 * worklist's first screen does not load zod for it (issue 17, docs/benchmarks.md «Slow network»). */
export function ticketNumber(id: number): string {
  return `#${id}`;
}
