import { describe, expect, it } from 'vitest';
import { parseMark, StreamMarks } from './stream-marks';

describe('StreamMarks: whether data can have missed a change while the stream was not open', () => {
  it('a cold load whose answers were read where the stream opens refetches nothing', () => {
    const marks = new StreamMarks();
    const me = marks.sent();
    const work = marks.sent();
    expect(marks.answered(me, 'a1.7')).toBe(true);
    expect(marks.answered(work, 'a1.7')).toBe(true);
    expect(marks.opened('a1.7')).toBe(false);
  });

  it('an answer read before a change the stream opened after is stale', () => {
    const marks = new StreamMarks();
    marks.answered(marks.sent(), 'a1.7');
    marks.answered(marks.sent(), 'a1.8');
    expect(marks.opened('a1.8')).toBe(true);
  });

  it('an answer that comes after the opening is judged on arrival', () => {
    const marks = new StreamMarks();
    const early = marks.sent();
    const late = marks.sent();
    expect(marks.opened('a1.5')).toBe(false);
    expect(marks.answered(early, 'a1.5')).toBe(true);
    expect(marks.answered(late, 'a1.4')).toBe(false);
    // Read after the opening: what came since, the stream brings.
    expect(marks.answered(marks.sent(), 'a1.3')).toBe(true);
  });

  it('another instance or a restarted server: counts cannot be compared, so refetch', () => {
    const marks = new StreamMarks();
    marks.answered(marks.sent(), 'a1.9');
    expect(marks.opened('b2.9')).toBe(true);
    const other = new StreamMarks();
    const sent = other.sent();
    other.opened('a1.2');
    expect(other.answered(sent, 'b2.50')).toBe(false);
  });

  it('an answer without a mark (an old server, a proxy that drops it) is never trusted', () => {
    const marks = new StreamMarks();
    marks.answered(marks.sent(), null);
    expect(marks.opened('a1.1')).toBe(true);
    expect(new StreamMarks().opened(null)).toBe(true);
  });

  it('after a drop: nothing to refetch when no change was made meanwhile, else everything', () => {
    const marks = new StreamMarks();
    expect(marks.opened('a1.3')).toBe(false);
    marks.changed('a1.4');
    marks.changed('a1.5');
    marks.closed();
    expect(marks.opened('a1.5')).toBe(false);
    marks.closed();
    expect(marks.opened('a1.6')).toBe(true);
    marks.closed();
    // The server restarted while the tab was away.
    expect(marks.opened('c3.6')).toBe(true);
  });

  it('an answer to a request sent before a drop is judged against the reopening', () => {
    const marks = new StreamMarks();
    marks.opened('a1.5');
    const sent = marks.sent();
    marks.closed();
    // Someone changed it while the tab was away: the reopening refetches, and this answer, read
    // before the change and landing after the reopening, asks again too.
    expect(marks.opened('a1.6')).toBe(true);
    expect(marks.answered(sent, 'a1.5')).toBe(false);
    // Landing while still down, it waits for the next opening.
    const other = new StreamMarks();
    other.opened('a1.5');
    const early = other.sent();
    other.closed();
    expect(other.answered(early, 'a1.5')).toBe(true);
    expect(other.opened('a1.5')).toBe(false);
  });

  it('a change without a mark leaves the next opening unsure', () => {
    const marks = new StreamMarks();
    marks.opened('a1.3');
    marks.changed('');
    marks.closed();
    expect(marks.opened('a1.4')).toBe(true);
  });

  it('reads marks strictly', () => {
    expect(parseMark('a1-b2.10')).toEqual({ instance: 'a1-b2', count: 10 });
    expect(parseMark('a1.')).toBeNull();
    expect(parseMark('a1.1.2')).toBeNull();
    expect(parseMark(undefined)).toBeNull();
  });
});
