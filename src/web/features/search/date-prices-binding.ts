import { createContext } from 'react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { DatePricesEvent, DatePricesQuery, datePricesMachine } from '../../../../machines/date-prices.machine.ts';
import type { CurrencyFormat } from '../../../contract/engine.ts';

export type DatePricesSnapshot = SnapshotFrom<typeof datePricesMachine>;

/**
 * The date picker's prices (issue 21), given by the search form: the date prices machine, and what it asks
 * about — the form's route, travellers and cabin (null until origin and destination are chosen).
 */
export interface DatePricesBinding {
  state: DatePricesSnapshot;
  send: (event: DatePricesEvent) => void;
  route: Omit<DatePricesQuery, 'month' | 'departure'> | null;
  currency: CurrencyFormat;
}
export const DatePricesContext = createContext<DatePricesBinding | null>(null);

/**
 * The date prices machine's call, through the price calendar's client. That client (and the calendar contract)
 * loads with the first month asked, so the home page's first load does not carry it (issue 15).
 */
export const datePricesActors = {
  loadDatePrices: fromPromise(async ({ input, signal }: { input: DatePricesQuery; signal: AbortSignal }) => (await import('../results/price-calendar-api.ts')).loadDatePrices(input, signal)),
};
