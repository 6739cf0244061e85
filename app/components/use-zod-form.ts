import { useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";

// getZodConstraint walks the whole schema: once per schema, not on every render.
const constraints = new WeakMap<z.ZodType, ReturnType<typeof getZodConstraint>>();

/**
 * conform's state for a form of `schema`, set up as every form of the site is: the browser's own
 * checks from the schema (required, lengths, patterns), an error shown once its field is left and
 * updated while it is typed in, and the same zod schema the action parses with (one per form).
 * `lastResult`: the action's answer to a refused post (its errors, and what was typed).
 */
export function useZodForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: Schema,
  options: { id: string; lastResult?: SubmissionResult<string[]> | null; defaultValue?: DefaultValue<z.input<Schema>> },
) {
  let constraint = constraints.get(schema);
  if (!constraint) constraints.set(schema, (constraint = getZodConstraint(schema)));
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
}
