import { describe, expect, it } from 'vitest';
import { Temporal } from 'temporal-polyfill';
import { addDaysToIsoDate, compareIsoDates, daysBetweenIsoDates, isIsoDate, todayIn, utcMidnightOf } from '../../src/contract/iso-date.ts';
import { formatCalendarDate, formatInstant } from '../../src/web/lib/dates.ts';
import { minutesBetween } from '../../src/web/features/results/card/flight-times.ts';

/** The plain-date helpers the search form and results page use in place of Temporal answer as Temporal does. */
describe('ISO calendar dates without Temporal', () => {
  const start = Temporal.PlainDate.from('2023-12-25');
  const days = Array.from({ length: 900 }, (_, index) => start.add({ days: index * 3 }).toString());

  it('adds days, compares and counts days between dates as Temporal does', () => {
    for (const [index, date] of days.entries()) {
      const other = days[(index * 7) % days.length]!;
      expect(addDaysToIsoDate(date, 5)).toBe(Temporal.PlainDate.from(date).add({ days: 5 }).toString());
      expect(addDaysToIsoDate(date, -40)).toBe(Temporal.PlainDate.from(date).subtract({ days: 40 }).toString());
      expect(compareIsoDates(date, other)).toBe(Temporal.PlainDate.compare(date, other));
      expect(daysBetweenIsoDates(date, other)).toBe(Temporal.PlainDate.from(date).until(other).days);
    }
  });

  it('tells real calendar dates from look-alikes', () => {
    for (const text of ['2026-02-28', '2028-02-29', '2026-12-31', '0001-01-01']) expect(isIsoDate(text)).toBe(true);
    for (const text of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '20261210', '2026-1-01', '', 'x']) expect(isIsoDate(text)).toBe(false);
    expect(() => addDaysToIsoDate('2026-02-30', 1)).toThrow(RangeError);
  });

  it("reads today in a zone as Temporal's Now does", () => {
    expect(todayIn('America/Lima')).toBe(Temporal.Now.plainDateISO('America/Lima').toString());
    expect(todayIn('America/Lima', new Date('2026-12-11T04:59:00Z'))).toBe('2026-12-10');
    expect(todayIn('America/Lima', new Date('2026-12-11T05:00:00Z'))).toBe('2026-12-11');
    expect(utcMidnightOf('2026-12-10').toISOString()).toBe('2026-12-10T00:00:00.000Z');
  });

  it('formats dates and instants as Temporal formats them', () => {
    for (const locale of ['es-PE', 'en-US']) {
      for (const date of days.slice(0, 60)) {
        expect(formatCalendarDate(date, locale)).toBe(Temporal.PlainDate.from(date).toLocaleString(locale, { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }));
      }
      const instant = '2026-12-10T15:20:00Z';
      expect(formatInstant(instant, locale, 'America/Lima')).toBe(Temporal.Instant.from(instant).toLocaleString(locale, { timeZone: 'America/Lima', dateStyle: 'medium', timeStyle: 'short' }));
    }
  });

  it('counts real minutes between local times of different airports', () => {
    expect(minutesBetween('2026-12-10T10:20:00-05:00', '2026-12-10T13:45:00-03:00')).toBe(85);
    expect(minutesBetween('2026-12-10T23:50:00-05:00', '2026-12-11T06:10:00+01:00')).toBe(20);
  });
});
