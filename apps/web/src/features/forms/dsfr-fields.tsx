import { Checkbox as DsfrCheckbox, type CheckboxProps } from '@codegouvfr/react-dsfr/Checkbox';
import { Input as DsfrInput, type InputProps } from '@codegouvfr/react-dsfr/Input';
import { Select as DsfrSelect, type SelectProps } from '@codegouvfr/react-dsfr/Select';
import {
  PasswordInput as DsfrPasswordInput,
  type PasswordInputProps,
} from '@codegouvfr/react-dsfr/blocks/PasswordInput';

/**
 * The DSFR's Input, Select, PasswordInput and Checkbox, whose field also says it is invalid (`aria-invalid`) in the
 * 'error' state (a PasswordInput: with an error message): the DSFR components link the message to the field (aria-describedby) but do not
 * mark it, so a screen reader would read the message without saying the field is in error. The
 * app imports these instead of the DSFR's (an ESLint rule says so).
 */
export function Input(props: InputProps) {
  const invalid = props.state === 'error' ? { 'aria-invalid': true } : {};
  if (props.textArea) {
    return (
      <DsfrInput {...props} nativeTextAreaProps={{ ...props.nativeTextAreaProps, ...invalid }} />
    );
  }
  return <DsfrInput {...props} nativeInputProps={{ ...props.nativeInputProps, ...invalid }} />;
}

export function Select(props: SelectProps) {
  const invalid = props.state === 'error' ? { 'aria-invalid': true } : {};
  return <DsfrSelect {...props} nativeSelectProps={{ ...props.nativeSelectProps, ...invalid }} />;
}

export function PasswordInput(props: PasswordInputProps) {
  const invalid = props.messages?.some((message) => message.severity === 'error')
    ? { 'aria-invalid': true }
    : {};
  return (
    <DsfrPasswordInput {...props} nativeInputProps={{ ...props.nativeInputProps, ...invalid }} />
  );
}

/** Each box of a group in error is marked (radio buttons are not: their group carries the state). */
export function Checkbox(props: CheckboxProps) {
  if (props.state !== 'error') return <DsfrCheckbox {...props} />;
  const options = props.options.map((option) => ({
    ...option,
    nativeInputProps: { ...option.nativeInputProps, 'aria-invalid': true as const },
  }));
  return <DsfrCheckbox {...props} options={options} />;
}
