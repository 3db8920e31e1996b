import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits until the text is shown, querying the page each time: antd replaces a field's message
 * node when the field validates again, so a node found once may be gone a moment later. As long as any other
 * wait of these tests (test/setup.ts): on CI's two cores, a date typed then validated by antd has been seen to take
 * more than three seconds.
 */
export const attendreTexte = (texte: string, options?: { timeout?: number }) =>
  waitFor(() => expect(screen.getByText(texte)).toBeInTheDocument(), options);

/**
 * A dialog found by its title. Under test, rc-component gives every element it names the same id, so a
 * dialog's accessible name is the text of whichever such element comes first (a tooltip shown at the
 * time, another dialog): the title is read from the dialog itself.
 */
export const attendreDialogue = (titre: string | RegExp) =>
  waitFor(() => {
    const titreDe = (d: HTMLElement) => d.querySelector('.ant-modal-title')?.textContent ?? '';
    const dialogue = screen.getAllByRole('dialog').find((d) => (typeof titre === 'string' ? titreDe(d) === titre : titre.test(titreDe(d))));
    expect(dialogue, `dialogue « ${titre} »`).toBeDefined();
    return dialogue!;
  });
