import type { ComponentProps } from 'react';

export interface SubmitFormProps extends Omit<ComponentProps<'form'>, 'onSubmit' | 'noValidate'> {
  /** what a submit (a submit button, Enter in a field) runs; a promise it answers is not awaited */
  onSubmit: () => unknown;
}

/**
 * A form of the site's own: its fields are checked by the site (`noValidate`: no browser bubbles, which would
 * speak the browser's language), and a submit runs `onSubmit` instead of the browser's navigation.
 */
export function SubmitForm({ onSubmit, ...form }: SubmitFormProps) {
  return (
    <form
      {...form}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    />
  );
}
