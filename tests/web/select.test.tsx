import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Select } from '../../src/web/ui/Select.tsx';

const CABINS = [
  { id: 'Y', label: 'Economy' },
  { id: 'C', label: 'Business' },
] as const;

/** A select with a plain button beside it: something outside the popup to press. */
function CabinSelect() {
  const [cabin, setCabin] = useState<'Y' | 'C'>('Y');
  return (
    <div>
      <Select label="Cabin" options={[...CABINS]} selectedKey={cabin} onSelectionChange={setCabin} />
      <p>Chosen: {cabin}</p>
      <button type="button">Elsewhere</button>
    </div>
  );
}

const trigger = () => screen.getByRole('button', { name: /Cabin$/ });
const listboxGone = () => waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());

// The popup is non-modal (issue 38: no page-wide `inert` on opening and closing); these are the ways it must still close.
describe('Select', () => {
  it('picks an option, which closes the popup, and moves nothing else out of reach while it is open', async () => {
    const user = userEvent.setup();
    render(<CabinSelect />);
    await user.click(trigger());
    expect(await screen.findByRole('listbox')).toBeTruthy();
    // Nothing outside the popup is made inert or hidden.
    expect(screen.getByRole('button', { name: 'Elsewhere' }).closest('[inert], [aria-hidden="true"]')).toBeNull();
    await user.click(screen.getByRole('option', { name: 'Business' }));
    await listboxGone();
    expect(screen.getByText('Chosen: C')).toBeTruthy();
  });

  it('closes on a press outside it, on Escape and on a second press of its trigger, choosing nothing', async () => {
    const user = userEvent.setup();
    render(<CabinSelect />);
    await user.click(trigger());
    await screen.findByRole('listbox');
    await user.click(screen.getByText(/Chosen/));
    await listboxGone();

    await user.click(trigger());
    await screen.findByRole('listbox');
    await user.keyboard('{Escape}');
    await listboxGone();

    await user.click(trigger());
    await screen.findByRole('listbox');
    await user.click(trigger());
    await listboxGone();
    expect(screen.getByText('Chosen: Y')).toBeTruthy();
  });

  it('works from the keyboard: opens on Enter, arrows to an option and picks it with Enter', async () => {
    const user = userEvent.setup();
    render(<CabinSelect />);
    trigger().focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{Enter}');
    await listboxGone();
    expect(screen.getByText('Chosen: C')).toBeTruthy();
  });
});
