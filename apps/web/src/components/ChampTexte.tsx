import { Input, type InputProps } from 'antd';
import type { TextAreaProps } from 'antd/es/input';

/** A text input that trims what was typed when the user leaves it (docs/regles.md « Validation générale »). */
export function ChampTexte(props: InputProps) {
  return (
    <Input
      {...props}
      onBlur={(e) => {
        props.onBlur?.(e);
        retirerEspaces(props, e.target.value);
      }}
    />
  );
}

export function ZoneTexte(props: TextAreaProps) {
  return (
    <Input.TextArea
      {...props}
      onBlur={(e) => {
        props.onBlur?.(e);
        retirerEspaces(props, e.target.value);
      }}
    />
  );
}

function retirerEspaces(props: { onChange?: (e: never) => void }, valeur: string) {
  if (valeur !== valeur.trim()) props.onChange?.({ target: { value: valeur.trim() } } as never);
}
