export {
  formAction,
  useForm,
  UNIQUE_CHECK_DELAY_MS,
  type FieldBinding,
  type FormAction,
  type FormPath,
  type FormApi,
  type FormStatus,
  type FormValues,
  type SubmitResult,
  type UseFormOptions,
} from './useForm';
export {
  Checkbox,
  PasswordField,
  Select,
  TextArea,
  TextField,
  useErrorText,
  type CheckboxProps,
  type SelectOption,
  type SelectProps,
  type TextAreaProps,
  type TextFieldProps,
} from './fields';
export { FileInput, type FileInputProps } from './FileInput';
export { SubmitForm, type SubmitFormProps } from './SubmitForm';
export { NewPasswordFields, useNewPassword, type NewPassword, type PasswordForm } from './NewPasswordFields';
export { LeaveGuard, useLeaveGuard } from './useLeaveGuard';
export { useModalLeaveGuard } from './useModalLeaveGuard';
export { ResultsMailCheckbox } from './ResultsMailCheckbox';
