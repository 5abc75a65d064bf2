import { screen } from '@testing-library/react';
import { findPageHeading, renderApp } from './render-app.tsx';

/** The manage page in a language, its form filled and sent. */
export async function lookUp(pnr: string, lastName: string, lang: 'es' | 'en') {
  const app = renderApp(`/vuelos/bookings/manage?lang=${lang}`);
  await findPageHeading(lang === 'es' ? 'Gestionar tu reserva' : 'Manage your booking');
  await app.user.type(screen.getByRole('textbox', { name: lang === 'es' ? 'Código de reserva (PNR)' : 'Booking code (PNR)' }), pnr);
  await app.user.type(screen.getByRole('textbox', { name: lang === 'es' ? 'Apellido' : 'Last name' }), lastName);
  await app.user.click(screen.getByRole('button', { name: lang === 'es' ? 'Buscar mi reserva' : 'Find my booking' }));
  return app;
}
