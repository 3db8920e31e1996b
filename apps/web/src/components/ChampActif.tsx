import { STATUTS_ACTIF } from '@debarras/domain';
import { Checkbox, Form } from 'antd';
import type { CheckboxChangeEvent } from 'antd/es/checkbox';

/** The 'Actif' box of a detail form, on the form's `actif` field, which holds the server's 1 or 0. */
export function ChampActif() {
  return (
    <Form.Item
      name="actif"
      getValueFromEvent={(e: CheckboxChangeEvent) => (e.target.checked ? 1 : 0)}
      getValueProps={(actif: number) => ({ checked: actif === 1 })}
    >
      <Checkbox>{STATUTS_ACTIF[0].libelle}</Checkbox>
    </Form.Item>
  );
}
