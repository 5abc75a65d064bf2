import { createContext, useContext } from 'react';
import { NO_BAGS, type BagChoice } from '../../../../machines/bag-prices.ts';

/**
 * The bags chosen on the results (issue 21), for the parts that compare totals beside the cards: the price
 * slider's range and the prices-by-airline matrix read the same bag-inclusive totals the cards show.
 */
export const ChosenBagsContext = createContext<BagChoice>(NO_BAGS);
export const useChosenBags = () => useContext(ChosenBagsContext);
