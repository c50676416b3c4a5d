import { Input } from './dsfr-fields.tsx';

interface FieldInputProps {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The server's first message for the field (422), shown under it in red. */
  error?: string;
  disabled?: boolean;
  hintText?: string;
  type?: 'text' | 'email';
  autoComplete?: string;
  required?: boolean;
  maxLength?: number;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
}

/** A DSFR text field of an API form: its value, its server error and its disabled state. */
export function FieldInput({
  name,
  label,
  value,
  onChange,
  error,
  disabled,
  hintText,
  type = 'text',
  autoComplete,
  required = true,
  maxLength,
  rows,
}: FieldInputProps) {
  const common = {
    label,
    hintText,
    disabled,
    state: error ? ('error' as const) : ('default' as const),
    stateRelatedMessage: error,
  };
  const native = {
    name,
    required,
    maxLength,
    value,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  if (rows) return <Input {...common} textArea nativeTextAreaProps={{ ...native, rows }} />;
  return <Input {...common} nativeInputProps={{ ...native, type, autoComplete }} />;
}
