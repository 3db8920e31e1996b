import { render, screen, waitFor } from '@testing-library/react';
import { DatePicker, Input, Select } from 'antd';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { LIBELLE_EFFACER, sortirBoutonsEffacerDeLaTabulation } from './boutonsEffacer';

let arreter: () => void = () => undefined;
afterEach(() => arreter());

describe('boutons « effacer » des champs (docs/regles.md « Comportement général »)', () => {
  it('les sort de la tabulation et les nomme en français, y compris ceux dessinés après coup', async () => {
    arreter = sortirBoutonsEffacerDeLaTabulation(document);
    render(
      <>
        <Select aria-label="Type" allowClear value="Word" options={[{ value: 'Word', label: 'Word' }]} />
        <DatePicker aria-label="Date" allowClear value={dayjs('2026-11-27')} />
        <Input aria-label="Nom" allowClear value="Núñez" onChange={() => undefined} />
      </>,
    );
    await waitFor(() => expect(document.querySelectorAll('.ant-select-clear, .ant-picker-clear, .ant-input-clear-icon')).toHaveLength(3));
    await waitFor(() => {
      for (const bouton of document.querySelectorAll('.ant-select-clear, .ant-picker-clear, .ant-input-clear-icon')) {
        expect(bouton).toHaveAttribute('tabindex', '-1');
        expect(bouton).toHaveAttribute('aria-label', LIBELLE_EFFACER);
      }
    });
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();
  });
});
