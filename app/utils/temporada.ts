// A Temporada stay (issue 33 §2): its dates and their rules, the calendar's months, the total.
// Browser-safe and without zod: the property page's forms use it, and so do the models.
import { addDays } from "./mensagem";
import { formatMoney } from "./format";

/** How far ahead a stay may end, and how long it may be (issue 33). */
export const ESTADIA_MAX_DIAS_A_FRENTE = 365;
export const ESTADIA_MAX_DIARIAS = 90;
export const HOSPEDES_MAX = 50;
/** How many months the property page shows, from the current one. */
export const CALENDARIO_MESES = 3;

/** Whether `day` is a real calendar day written YYYY-MM-DD (no 2026-02-30). */
export function isDay(day: unknown): day is string {
  return typeof day === "string" && /^\d{4}-\d{2}-\d{2}$/.test(day) && addDays(day, 0) === day;
}

/** Nights between two days (YYYY-MM-DD). */
export function nightsBetween(chegada: string, saida: string) {
  return Math.round((Date.parse(`${saida}T12:00:00Z`) - Date.parse(`${chegada}T12:00:00Z`)) / 86_400_000);
}

export type Estadia = { chegada: string; saida: string; hospedes: number; diarias: number };
/** /temporada's stay as the page shows it: the dates as sent, their errors, the nights when valid. */
export type EstadiaQueryView = { chegada?: string; saida?: string; hospedes?: string; errors: EstadiaErrors; diarias: number | null };
export type EstadiaErrors = Partial<Record<"chegada" | "saida" | "hospedes", string>>;

/**
 * The rules of a stay's dates, judged against `today` (the agency's day, São Paulo): chegada from
 * today on, saída after it, at most ESTADIA_MAX_DIAS_A_FRENTE days ahead and ESTADIA_MAX_DIARIAS
 * nights; hóspedes 1 to HOSPEDES_MAX. Each message is for the field it names.
 */
export function checkEstadia(input: { chegada?: unknown; saida?: unknown; hospedes?: unknown }, today: string): { estadia: Estadia } | { errors: EstadiaErrors } {
  const errors: EstadiaErrors = {};
  const chegada = typeof input.chegada === "string" ? input.chegada.trim() : "";
  const saida = typeof input.saida === "string" ? input.saida.trim() : "";
  const hospedesText = typeof input.hospedes === "string" ? input.hospedes.trim() : input.hospedes == null ? "" : String(input.hospedes);
  const hospedes = /^\d{1,3}$/.test(hospedesText) ? Number(hospedesText) : NaN;
  if (!isDay(chegada)) errors.chegada = "Informe a data de chegada (dd/mm/aaaa).";
  else if (chegada < today) errors.chegada = "A chegada não pode ser antes de hoje.";
  if (!isDay(saida)) errors.saida = "Informe a data de saída (dd/mm/aaaa).";
  else if (isDay(chegada) && saida <= chegada) errors.saida = "A saída deve ser depois da chegada.";
  else if (saida > addDays(today, ESTADIA_MAX_DIAS_A_FRENTE)) errors.saida = `Escolha uma saída dentro dos próximos ${ESTADIA_MAX_DIAS_A_FRENTE} dias.`;
  else if (isDay(chegada) && nightsBetween(chegada, saida) > ESTADIA_MAX_DIARIAS) errors.saida = `A estadia pode ter no máximo ${ESTADIA_MAX_DIARIAS} diárias.`;
  if (!(hospedes >= 1 && hospedes <= HOSPEDES_MAX)) errors.hospedes = `Informe quantos hóspedes (1 a ${HOSPEDES_MAX}).`;
  if (Object.keys(errors).length) return { errors };
  return { estadia: { chegada, saida, hospedes, diarias: nightsBetween(chegada, saida) } };
}

/** "05/12/2026" from YYYY-MM-DD. */
export function dayText(day: string) {
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y}`;
}

/** "05/12/2026 a 07/12/2026 (2 diárias), 4 hóspedes". */
export function estadiaText(e: { chegada: string; saida: string; hospedes: number }) {
  const n = nightsBetween(e.chegada, e.saida);
  return `${dayText(e.chegada)} a ${dayText(e.saida)} (${n} ${n === 1 ? "diária" : "diárias"}), ${e.hospedes} ${e.hospedes === 1 ? "hóspede" : "hóspedes"}`;
}

/** A stay's total, "N diárias × R$ … = R$ …". */
export function totalText(diarias: number, diaria: string | number) {
  const total = (Number(diaria) * diarias).toFixed(2);
  return `${diarias} ${diarias === 1 ? "diária" : "diárias"} × ${formatMoney(diaria)} = ${formatMoney(total)}`;
}

/** The nights of a booked period, both ends included, as the calendar reads them. */
export type Periodo = { inicio: string; fim: string };

/** Whether the nights [chegada, saida) meet any period. */
export function overlaps(periodos: readonly Periodo[], chegada: string, saida: string) {
  return periodos.some((p) => p.inicio < saida && p.fim >= chegada);
}

/**
 * The free stay of `diarias` nights nearest to `chegada` (either way, never before `today` nor past
 * the horizon); the later one wins a tie. null when none.
 */
export function nearestFree(periodos: readonly Periodo[], chegada: string, diarias: number, today: string): { chegada: string; saida: string } | null {
  const last = addDays(today, ESTADIA_MAX_DIAS_A_FRENTE - diarias);
  for (let d = 1; d <= ESTADIA_MAX_DIAS_A_FRENTE; d++) {
    for (const start of [addDays(chegada, d), addDays(chegada, -d)]) {
      if (start < today || start > last) continue;
      const end = addDays(start, diarias);
      if (!overlaps(periodos, start, end)) return { chegada: start, saida: end };
    }
  }
  return null;
}

export type CalendarDay = { day: string; n: number; booked: boolean; past: boolean } | null;
export type CalendarMonth = { key: string; title: string; weeks: CalendarDay[][] };

const MESES = ["Janeiro", "Fevereiro", "Março", "Abril", "Maio", "Junho", "Julho", "Agosto", "Setembro", "Outubro", "Novembro", "Dezembro"];
export const DIAS_SEMANA = [
  ["D", "domingo"],
  ["S", "segunda-feira"],
  ["T", "terça-feira"],
  ["Q", "quarta-feira"],
  ["Q", "quinta-feira"],
  ["S", "sexta-feira"],
  ["S", "sábado"],
] as const;

/** `count` months from today's, as weeks (Sunday first) of days, each night booked or free. */
export function calendarMonths(periodos: readonly Periodo[], today: string, count = CALENDARIO_MESES): CalendarMonth[] {
  const months: CalendarMonth[] = [];
  let [y, m] = today.split("-").map(Number);
  for (let i = 0; i < count; i++) {
    const first = `${y}-${String(m).padStart(2, "0")}-01`;
    const lead = new Date(`${first}T12:00:00Z`).getUTCDay();
    const cells: CalendarDay[] = Array.from({ length: lead }, () => null);
    for (let day = first, n = 1; day.slice(0, 7) === first.slice(0, 7); day = addDays(day, 1), n++) {
      cells.push({ day, n, past: day < today, booked: overlaps(periodos, day, addDays(day, 1)) });
    }
    while (cells.length % 7) cells.push(null);
    const weeks: CalendarDay[][] = [];
    for (let w = 0; w < cells.length; w += 7) weeks.push(cells.slice(w, w + 7));
    months.push({ key: first.slice(0, 7), title: `${MESES[m - 1]} de ${y}`, weeks });
    [y, m] = m === 12 ? [y + 1, 1] : [y, m + 1];
  }
  return months;
}
