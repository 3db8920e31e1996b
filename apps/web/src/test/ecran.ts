import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * Waits until the text is shown, querying the page each time: antd replaces a field's message
 * node when the field validates again, so a node found once may be gone a moment later.
 */
export const attendreTexte = (texte: string, options?: { timeout?: number }) =>
  waitFor(() => expect(screen.getByText(texte)).toBeInTheDocument(), options);
