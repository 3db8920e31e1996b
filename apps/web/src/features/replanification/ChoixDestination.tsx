import { aujourdhui, libelleSecteurLevee, REPLANIFICATION_LIBELLES as L } from '@debarras/domain';
import { Flex, Form, Radio, Select } from 'antd';
import { useState } from 'react';
import { useLeveesActives } from '../../entites/levee/api';
import { formaterJourDate } from '../../lib/dates';

export type Destination = 'prochaine' | 'choisie';

/** Where débarras not collected go: each to its sector's next levée with a place, or one levée chosen for all. */
export function useDestination() {
  const [destination, setDestination] = useState<Destination>('prochaine');
  const [idLevee, setIdLevee] = useState<number>();
  return {
    destination,
    setDestination,
    idLevee,
    setIdLevee,
    /** What the call sends: the chosen levée, or nothing (its sector's next). */
    cible: destination === 'choisie' ? idLevee : undefined,
    complete: destination === 'prochaine' || idLevee !== undefined,
  };
}

/**
 * The dialog's fields for it (docs/regles.md « À replanifier »): a levée chosen among the ACTIF ones from tomorrow on
 * (today's is out with the crews), those without room for `places` more shown but not offered.
 */
export function ChampsDestination({ choix, places }: { choix: ReturnType<typeof useDestination>; places: number }) {
  const levees = useLeveesActives(choix.destination === 'choisie');
  const jour = aujourdhui();
  const options = (levees.data ?? [])
    .filter((l) => l.dateLevee > jour)
    .map((l) => ({
      value: l.idLevee,
      label: `${libelleSecteurLevee(l)} — ${formaterJourDate(l.dateLevee)} (${l.nbDebarras} / ${l.nbDebarrasMax})`,
      disabled: l.nbDebarras + places > l.nbDebarrasMax,
    }));
  return (
    <>
      <Form.Item label={L.destination}>
        <Radio.Group value={choix.destination} onChange={(e) => choix.setDestination(e.target.value as Destination)}>
          <Flex vertical gap={4}>
            {/* the dialog's first field: the arrows choose at once, rather than from its close button */}
            <Radio value="prochaine" autoFocus>
              {L.prochaine}
            </Radio>
            <Radio value="choisie">{L.choisie}</Radio>
          </Flex>
        </Radio.Group>
      </Form.Item>
      {choix.destination === 'choisie' && (
        <Form.Item label={L.levee} htmlFor="replanification-levee">
          <Select
            id="replanification-levee"
            showSearch
            optionFilterProp="label"
            loading={levees.isLoading}
            value={choix.idLevee}
            onChange={choix.setIdLevee}
            options={options}
            placeholder="Choisir une levée"
          />
        </Form.Item>
      )}
    </>
  );
}
