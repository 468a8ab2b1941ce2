import { todayIn } from '../../domain/due-marks';
import { bucketStart, bucketStarts, type ReportQuery } from '../../domain/reports';
import { daysInZone } from '../../domain/status-limits';

/**
 * A report's period as the database groups it (issue 53): rows are summed per UTC hour of a
 * timestamp column (per minute where the zone's midnight is not on the hour), and each hour then
 * goes to the shop's day, week or month it falls in. So a year is at most some 9,000 groups,
 * whatever the rows.
 */
export function periodBuckets(query: ReportQuery, timeZone: string) {
  const range = daysInZone(query.from, query.to, timeZone);
  const onTheHour = range.from.slice(14, 16) === '00' && range.to.slice(14, 16) === '00';
  // ISO text: 13 characters name the hour, 16 the minute.
  const keyLength = onTheHour ? 13 : 16;
  const starts = bucketStarts(query.from, query.to, query.step);
  return {
    range,
    keyLength,
    starts,
    /** The bucket a group's key (`substr(column, 1, keyLength)`) falls in. */
    bucketOf(key: string): string {
      const instant = new Date(`${key}${':00:00.000Z'.slice(key.length - 13)}`);
      const start = bucketStart(todayIn(timeZone, instant), query.step);
      // Every hour of the range is a day of the period: a miss would be a bug, said loudly.
      if (!starts.includes(start)) throw new Error(`report: ${key} outside ${query.from}..${query.to}`);
      return start;
    },
  };
}
