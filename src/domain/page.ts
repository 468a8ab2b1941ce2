/** One page of a list, as every list endpoint answers. */
export interface Page<T> {
  items: T[];
  /** Opaque; pass back as `cursor` for the next page. Null on the last page. */
  nextCursor: string | null;
}
