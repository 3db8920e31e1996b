import { Form, type FormProps } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';

/** Inputs where Enter confirms what was typed (a date, a search) rather than pressing a button. */
const SANS_ENVOI = new Set(['checkbox', 'radio', 'submit', 'button', 'reset', 'image', 'file']);

const entreeDansUnChamp = (e: KeyboardEvent<HTMLFormElement>) =>
  e.key === 'Enter' && e.target instanceof HTMLInputElement && !SANS_ENVOI.has(e.target.type);

/**
 * The back-office's form: saved by its button or its documented shortcut, never by Enter in a
 * field. The browser's implicit submission would otherwise save the record when Enter confirms a
 * typed date or a search (docs/regles.md « Comportement général »). The field's own handling of Enter
 * runs first: only the submission is cancelled.
 */
export function Formulaire<Valeurs>({ onKeyDown, ...props }: Omit<FormProps<Valeurs>, 'children'> & { children?: ReactNode }) {
  return (
    <Form<Valeurs>
      {...props}
      onKeyDown={(e: KeyboardEvent<HTMLFormElement>) => {
        if (entreeDansUnChamp(e)) e.preventDefault();
        onKeyDown?.(e);
      }}
    />
  );
}
