/**
 * A searchable choice for long lists (occupants, properties, cotisations, suppliers): a button
 * showing the chosen item opens a list with a filter box (case- and accent-insensitive, every
 * word must match). Each choice may carry an amount, shown whole at the end of its line, never
 * cut; `onCreate` adds a "create new" choice at the end, given what was typed (to prefill the
 * creation dialog).
 *
 *   <ComboboxField
 *     name="occupant"
 *     label="Occupant"
 *     options={occupants.map((o) => ({ value: String(o.id), label: o.nom, description: formatTel(o.tel) }))}
 *     createLabel="Nouvel occupant"
 *     onCreate={(typed) => openOccupantDialog(typed)}
 *   />
 *
 * Short fixed lists (a method of payment, a type) stay native selects (SelectField).
 */
import { useField } from 'formik';
import { Check, ChevronsUpDown, Plus, Search } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { matchesSearch } from '@/lib/search';
import { FieldShell, describedBy, useFieldError } from './form-field';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

export interface ComboboxOption {
  value: string;
  label: string;
  /** A second line (a phone number, a due date). */
  description?: string;
  /** Shown whole at the end of the line (an amount): `<Dinars value={…} />`. */
  amount?: ReactNode;
  /** More text the choice is found by (the amount as displayed, for example). */
  searchText?: string;
}

export interface ComboboxProps {
  id?: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly ComboboxOption[];
  placeholder?: string;
  disabled?: boolean;
  invalid?: boolean;
  'aria-describedby'?: string;
  /** Called when the list closes without a choice (to mark the field touched). */
  onClose?: () => void;
  /** Adds a "create new" choice; it receives the filter text. */
  onCreate?: (typed: string) => void;
  createLabel?: string;
}

export function Combobox({
  id,
  value,
  onChange,
  options,
  placeholder,
  disabled,
  invalid,
  'aria-describedby': ariaDescribedBy,
  onClose,
  onCreate,
  createLabel,
}: ComboboxProps) {
  const { t } = useTranslation();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);

  const chosen = options.find((option) => option.value === value);
  const filtered = useMemo(
    () => options.filter((option) => matchesSearch([option.label, option.description, option.searchText], query)),
    [options, query],
  );
  // The choices the keyboard moves through: the matches, then "create new".
  const count = filtered.length + (onCreate ? 1 : 0);
  const optionId = (index: number) => `${listId}-option-${index}`;

  function openChange(next: boolean) {
    setOpen(next);
    if (next) {
      setQuery('');
      setActive(
        Math.max(
          0,
          options.findIndex((option) => option.value === value),
        ),
      );
    } else {
      onClose?.();
    }
  }

  function choose(index: number) {
    if (index < filtered.length) {
      const option = filtered[index];
      if (option) onChange(option.value);
      setOpen(false);
    } else if (onCreate) {
      const typed = query.trim();
      setOpen(false);
      onCreate(typed);
    }
  }

  function move(index: number) {
    const next = count === 0 ? 0 : (index + count) % count;
    setActive(next);
    listRef.current?.querySelector(`#${CSS.escape(optionId(next))}`)?.scrollIntoView?.({ block: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') move(active + 1);
    else if (event.key === 'ArrowUp') move(active - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(count - 1);
    else if (event.key === 'Enter') {
      if (count > 0) choose(active);
    } else return;
    event.preventDefault();
  }

  return (
    <Popover open={open} onOpenChange={openChange}>
      <PopoverTrigger asChild>
        <button
          id={id}
          type="button"
          role="combobox"
          aria-expanded={open}
          aria-haspopup="listbox"
          aria-controls={open ? listId : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={ariaDescribedBy}
          disabled={disabled}
          className={cn(
            'flex min-h-10 w-full min-w-0 cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-3 py-1.5 text-start text-sm shadow-xs transition-colors outline-none',
            'focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30',
            'disabled:cursor-not-allowed disabled:opacity-50',
            'aria-invalid:border-destructive aria-invalid:ring-destructive/20',
          )}
        >
          {chosen ? (
            <>
              <span className="grid min-w-0 flex-1">
                <span className="truncate">{chosen.label}</span>
                {chosen.description && (
                  <span className="truncate text-xs text-muted-foreground">{chosen.description}</span>
                )}
              </span>
              {chosen.amount !== undefined && (
                <span data-slot="combobox-amount" className="shrink-0 font-medium whitespace-nowrap">
                  {chosen.amount}
                </span>
              )}
            </>
          ) : (
            <span className="min-w-0 flex-1 truncate text-muted-foreground">
              {placeholder ?? t('combobox.placeholder')}
            </span>
          )}
          <ChevronsUpDown aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
        </button>
      </PopoverTrigger>
      <PopoverContent className="w-[var(--radix-popover-trigger-width)] min-w-[min(18rem,calc(100vw-1rem))] p-0">
        <div className="relative border-b">
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <input
            autoFocus
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
            placeholder={t('combobox.search')}
            aria-label={t('combobox.searchLabel')}
            aria-controls={listId}
            aria-activedescendant={count > 0 ? optionId(active) : undefined}
            autoComplete="off"
            className="h-10 w-full bg-transparent ps-9 pe-3 text-sm outline-none"
          />
        </div>
        <ul ref={listRef} id={listId} role="listbox" className="max-h-72 overflow-y-auto p-1">
          {filtered.map((option, index) => {
            const selected = option.value === value;
            return (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={selected}
                data-active={index === active || undefined}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(index)}
                className="flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm data-[active]:bg-muted"
              >
                <Check aria-hidden="true" className={cn('size-4 shrink-0', !selected && 'invisible')} />
                <span className="grid min-w-0 flex-1 break-words">
                  <span>{option.label}</span>
                  {option.description && <span className="text-xs text-muted-foreground">{option.description}</span>}
                </span>
                {option.amount !== undefined && (
                  <span data-slot="combobox-amount" className="shrink-0 font-medium whitespace-nowrap">
                    {option.amount}
                  </span>
                )}
              </li>
            );
          })}
          {filtered.length === 0 && (
            <li role="presentation" className="px-3 py-3 text-sm text-muted-foreground">
              {query.trim() === '' ? t('combobox.empty') : t('combobox.noMatch', { query: query.trim() })}
            </li>
          )}
          {onCreate && (
            <li
              id={optionId(filtered.length)}
              role="option"
              aria-selected={false}
              data-active={active === filtered.length || undefined}
              data-testid="combobox-create"
              onMouseMove={() => setActive(filtered.length)}
              onClick={() => choose(filtered.length)}
              className="mt-1 flex cursor-pointer items-center gap-2 rounded-md border-t px-2 py-2 text-sm font-medium text-primary data-[active]:bg-muted"
            >
              <Plus aria-hidden="true" className="size-4 shrink-0" />
              <span className="min-w-0 break-words">
                {createLabel}
                {query.trim() !== '' && <span className="text-muted-foreground"> « {query.trim()} »</span>}
              </span>
            </li>
          )}
        </ul>
      </PopoverContent>
    </Popover>
  );
}

export interface ComboboxFieldProps extends Omit<
  ComboboxProps,
  'id' | 'value' | 'onChange' | 'invalid' | 'aria-describedby' | 'onClose'
> {
  name: string;
  label: ReactNode;
  description?: ReactNode;
  id?: string;
  className?: string;
  /** Called after Formik has the new value (to update a field that depends on this one). */
  onValueChange?: (value: string) => void;
}

/** A {@link Combobox} bound to Formik by name, with its label, help text and error. */
export function ComboboxField({
  name,
  label,
  description,
  id,
  className,
  onValueChange,
  ...comboboxProps
}: ComboboxFieldProps) {
  const generatedId = useId();
  const fieldId = id ?? `${name}-${generatedId}`;
  const [field, , helpers] = useField<string>(name);
  const error = useFieldError(name);
  return (
    <FieldShell id={fieldId} label={label} description={description} error={error} className={className}>
      <Combobox
        id={fieldId}
        value={field.value ?? ''}
        onChange={(value) => {
          void helpers.setValue(value);
          void helpers.setTouched(true, false);
          onValueChange?.(value);
        }}
        onClose={() => void helpers.setTouched(true)}
        invalid={error !== undefined}
        aria-describedby={describedBy(fieldId, error, description)}
        {...comboboxProps}
      />
    </FieldShell>
  );
}
