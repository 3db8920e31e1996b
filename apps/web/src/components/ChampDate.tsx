import { FORMAT_DATE, FORMAT_DATE_ISO } from '@debarras/domain';
import { DatePicker, type DatePickerProps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';

type Props = Omit<DatePickerProps<Dayjs, false>, 'value' | 'onChange' | 'format'> & {
  value?: string | null;
  onChange?: (jour: string | null) => void;
};

/**
 * A date field whose form value is the payload's `YYYY-MM-DD` (or null once cleared): the
 * domain's schemas validate it as is, and it compares with the saved record.
 */
export function ChampDate({ value, onChange, ...props }: Props) {
  return (
    <DatePicker
      placeholder="JJ.MM.AAAA"
      {...props}
      format={FORMAT_DATE}
      value={value ? dayjs(value) : null}
      onChange={(jour) => onChange?.(jour ? jour.format(FORMAT_DATE_ISO) : null)}
    />
  );
}
