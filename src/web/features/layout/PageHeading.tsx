import { createContext, useContext, useEffect } from 'react';

const BrandName = createContext('Vuelos');

/** The sales channel's name, which every page title ends with (the layout wrapper provides it). */
export const BrandNameProvider = BrandName.Provider;

/** A page's h1; it also names the browser tab ("Reserva inconclusa · Andes Travel B2B"), as WCAG 2.4.2 asks. */
export function PageHeading({ children, id }: { children: string; id?: string }) {
  const brand = useContext(BrandName);
  useEffect(() => {
    document.title = `${children} · ${brand}`;
  }, [children, brand]);
  return <h1 id={id}>{children}</h1>;
}
