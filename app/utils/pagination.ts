// Paginated lists of the models: one shape and one clamping rule for every list.

export type Page<T> = { data: T[]; total: number; page: number; pageCount: number; pageSize: number };

/**
 * Counts, clamps `page` to 1..last (a page past the end shows the last one), then reads its rows;
 * `rows` is told the total when it is known. Page 1 needs no total (nothing to clamp), so its rows
 * are read while counting: the first page after a write waits for the slower of the two only.
 */
export async function paginate<T>(
  count: () => Promise<number>,
  rows: (limit: number, offset: number, total: number | undefined) => Promise<T[]>,
  page: number | undefined,
  size: number,
): Promise<Page<T>> {
  const pageSize = Math.min(Math.max(size, 1), 100);
  if ((page ?? 1) <= 1) {
    const [total, data] = await Promise.all([count().then(Number), rows(pageSize, 0, undefined)]);
    return { data, total, page: 1, pageCount: Math.max(1, Math.ceil(total / pageSize)), pageSize };
  }
  const total = Number(await count());
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(page ?? 1, 1), pageCount);
  const data = await rows(pageSize, (current - 1) * pageSize, total);
  return { data, total, page: current, pageCount, pageSize };
}
