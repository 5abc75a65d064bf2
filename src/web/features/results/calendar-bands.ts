import { createContext, useContext } from 'react';
import type { PriceBandBounds } from '../../../contract/price-calendar.ts';

/**
 * The bounds the route's price calendar banded its prices by, once it is known (issue 37): the cards band
 * their totals by them, so a card and the calendar never disagree. Its own context (and module, so a card
 * does not load the calendar's view), re-rendering the cards when the calendar arrives, not on its tab's moves.
 */
export const CalendarBandsContext = createContext<PriceBandBounds | null>(null);
export const useCalendarBands = () => useContext(CalendarBandsContext);
