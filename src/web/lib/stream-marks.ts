/**
 * Whether a tab's data can have missed a change while its event stream was not open
 * (issue 22: a cold load asked for the worklist twice, once to show it and once more when
 * the stream opened, «in case»).
 *
 * The server counts the changes it has passed to its streams; its mark is `instance.count`
 * (a restarted server or another instance has another name). Every API answer carries the
 * mark read as the request arrived (`X-Event-Mark`), the stream's `connect` the mark it
 * opened at, and each change the mark it made. An answer whose count is at least the stream's
 * opening count holds every change the stream will not bring; one from before — or from
 * another instance, whose counts mean nothing here — may have missed one, and then every
 * query is refetched, as every opening did before.
 */

interface Mark {
  instance: string;
  count: number;
}

export function parseMark(text: string | null | undefined): Mark | null {
  const match = /^([\w-]+)\.(\d+)$/.exec(text ?? '');
  return match ? { instance: match[1]!, count: Number(match[2]) } : null;
}

/** Data read at `answer` misses nothing a stream opened at `stream` does not bring. */
function covers(answer: Mark | null, stream: Mark | null): boolean {
  return (
    answer !== null && stream !== null && answer.instance === stream.instance && answer.count >= stream.count
  );
}

/** A request's place: sent while stream opening number N was open, or while none was (-1). */
export type SentUnder = number;

export class StreamMarks {
  private openedAt: Mark | null = null;
  private isOpen = false;
  private openings = 0;
  /** The mark of the last change the stream brought (kept while it is down). */
  private lastSeen: Mark | null = null;
  /** The oldest answer to a request sent while no stream was open, not yet checked. */
  private unchecked: Mark | null = null;
  private uncheckedUnknown = false;

  sent(): SentUnder {
    return this.isOpen ? this.openings : -1;
  }

  /**
   * An answer has come: false when its data may lack a change the stream will not bring
   * (every query must then be refetched).
   */
  answered(sentUnder: SentUnder, markText: string | null): boolean {
    // Sent while this very stream was open: changes after it come by the stream. Sent under a
    // stream that has dropped since: judged like an answer sent with none (a change made while
    // it was down is in neither, and the refetch the reopening asked for may have been merged
    // into this request).
    if (this.isOpen && sentUnder === this.openings) return true;
    const mark = parseMark(markText);
    if (this.isOpen) return covers(mark, this.openedAt);
    // Still no stream: the opening will judge.
    if (mark === null) this.uncheckedUnknown = true;
    else if (this.unchecked === null) this.unchecked = mark;
    else if (this.unchecked.instance !== mark.instance) this.uncheckedUnknown = true;
    else if (mark.count < this.unchecked.count) this.unchecked = mark;
    return true;
  }

  /** The stream has opened at `markText`: true when every query must be refetched. */
  opened(markText: string | null): boolean {
    const mark = parseMark(markText);
    const missedWhileDown =
      this.openings > 0 &&
      !(
        this.lastSeen !== null &&
        mark !== null &&
        this.lastSeen.instance === mark.instance &&
        this.lastSeen.count === mark.count
      );
    const staleAnswers = this.uncheckedUnknown || (this.unchecked !== null && !covers(this.unchecked, mark));
    this.openedAt = mark;
    this.lastSeen = mark;
    this.isOpen = true;
    this.openings += 1;
    this.unchecked = null;
    this.uncheckedUnknown = false;
    return mark === null || missedWhileDown || staleAnswers;
  }

  /** A change came by the stream, with the mark it made. */
  changed(markText: string | null) {
    this.lastSeen = parseMark(markText);
  }

  closed() {
    this.isOpen = false;
  }
}

/** The tab's one stream (live-events.ts) and every API call (api.ts) share this. */
export const streamMarks = new StreamMarks();

let onStale: (() => void) | undefined;

/** What to do when an answer turns out to predate the stream (live-events.ts refetches all). */
export function whenAnswerStale(listener: (() => void) | undefined) {
  onStale = listener;
}

/**
 * api.ts: note an answer once its body has been read; a stale one asks for a refetch in the
 * next task, when the query cache has taken the answer in (a refetch asked for while the
 * request is still under way is merged into it).
 */
export function noteAnswer(sentUnder: SentUnder, markText: string | null) {
  if (!streamMarks.answered(sentUnder, markText)) setTimeout(() => onStale?.(), 0);
}
