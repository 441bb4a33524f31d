import { useField } from 'formik';
import { useId } from 'react';
import { cn } from '@/lib/cn';

/**
 * A short choice bound to Formik, shown as a segmented switch of radio buttons (the language of a
 * message, the type of a letter).
 */
export function ChoiceField({
  name,
  label,
  options,
}: {
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  const id = useId();
  const [field, , helpers] = useField<string>(name);
  return (
    <div className="grid gap-1.5">
      <span id={`${id}-label`} className="text-sm font-medium">
        {label}
      </span>
      <div
        role="radiogroup"
        aria-labelledby={`${id}-label`}
        className="inline-flex w-fit max-w-full flex-wrap gap-1 rounded-lg bg-muted p-1"
      >
        {options.map((option) => {
          const checked = field.value === option.value;
          return (
            <label
              key={option.value}
              className={cn(
                'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium transition-colors has-focus-visible:ring-2 has-focus-visible:ring-ring',
                checked ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
              )}
            >
              <input
                type="radio"
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => void helpers.setValue(option.value)}
                className="sr-only"
              />
              {option.label}
            </label>
          );
        })}
      </div>
    </div>
  );
}
