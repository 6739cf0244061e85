import { useId } from "react";

export type ListOfErrors = Array<string | null | undefined> | null | undefined;

export function ErrorList({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const list = errors?.filter(Boolean);
  if (!list?.length) return null;
  return (
    <ul id={id} className="error-list">
      {list.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** The errors of the whole form (not of one field), above it. */
export function FormErrors({ id, errors }: { id?: string; errors?: ListOfErrors }) {
  const list = errors?.filter(Boolean);
  if (!list?.length) return null;
  return (
    <div className="alert alert-danger" role="alert" id={id}>
      {list.map((e) => (
        <p key={e}>{e}</p>
      ))}
    </div>
  );
}

type FieldProps = {
  label: React.ReactNode;
  errors?: ListOfErrors;
  className?: string;
};

export function Field({
  label,
  inputProps,
  errors,
  className,
}: FieldProps & { inputProps: React.InputHTMLAttributes<HTMLInputElement> & { key?: string } }) {
  const fallbackId = useId();
  const { key, ...props } = inputProps;
  const id = props.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={id}>{label}</label>
      <input key={key} id={id} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} {...props} />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function TextareaField({
  label,
  textareaProps,
  errors,
  className,
}: FieldProps & { textareaProps: React.TextareaHTMLAttributes<HTMLTextAreaElement> & { key?: string } }) {
  const fallbackId = useId();
  const { key, ...props } = textareaProps;
  const id = props.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={id}>{label}</label>
      <textarea key={key} id={id} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} {...props} />
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}

export function SelectField({
  label,
  selectProps,
  options,
  errors,
  className,
}: FieldProps & {
  selectProps: React.SelectHTMLAttributes<HTMLSelectElement> & { key?: string };
  options: ReadonlyArray<string | { value: string; label: string }>;
}) {
  const fallbackId = useId();
  const { key, ...props } = selectProps;
  const id = props.id ?? fallbackId;
  const errorId = errors?.length ? `${id}-error` : undefined;
  return (
    <div className={`field ${className ?? ""}`}>
      <label htmlFor={id}>{label}</label>
      <select key={key} id={id} aria-invalid={errorId ? true : undefined} aria-describedby={errorId} {...props}>
        {options.map((o) =>
          typeof o === "string" ? (
            <option key={o} value={o}>
              {o}
            </option>
          ) : (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ),
        )}
      </select>
      <ErrorList id={errorId} errors={errors} />
    </div>
  );
}
