// /metrics in Prometheus's text format (prom-client): requests and their duration by route
// pattern and status, the page cache, the database pool, the outbox, the last backup's age and
// the process's own figures (CPU, memory, event loop). Per request this costs two label lookups
// and a histogram bucket (`observe`); everything read from the app or the database is read only
// when scraped (`collect`). In a cluster each worker keeps its own registry and the primary sums
// them (server/metrics-cluster.ts). Who may read it: server/metrics-access.ts.
import client from "prom-client";
import type { ServerSeam } from "./seam.ts";

type Figures = Awaited<ReturnType<ServerSeam["operationsFigures"]>>;
type CacheStats = () => { entries: number; bytes: number };

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
// From a cache hit (~1 ms) to a slow upload (seconds).
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const RESTARTS = { name: "imob_worker_restarts_total", help: "Processos de atendimento substituídos após terminar sem ordem de parada." };

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics({ figures, cacheStats, withRestarts }: { figures: () => Promise<Figures>; cacheStats?: CacheStats; withRestarts: boolean }) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const requests = new client.Counter({ name: "imob_http_requests_total", help: "Requisições atendidas, por rota, método e status.", labelNames: ["route", "method", "status"], registers });
  const duration = new client.Histogram({
    name: "imob_http_request_duration_seconds",
    help: "Duração das requisições (do recebimento ao fim da resposta), por rota, método e status.",
    labelNames: ["route", "method", "status"],
    buckets: BUCKETS,
    registers,
  });
  const cache = new client.Counter({ name: "imob_page_cache_requests_total", help: "Respostas do cache de páginas: HIT, MISS ou STALE.", labelNames: ["result"], registers });
  for (const result of ["HIT", "MISS", "STALE"]) cache.inc({ result }, 0);
  new client.Gauge({ name: "imob_page_cache_bytes", help: "Bytes guardados no cache de páginas.", registers, collect() { this.set(cacheStats?.().bytes ?? 0); } });
  new client.Gauge({ name: "imob_page_cache_entries", help: "Páginas guardadas no cache de páginas.", registers, collect() { this.set(cacheStats?.().entries ?? 0); } });

  // The gauges of one scrape are collected together: they share one read, and the next scrape reads again.
  let reading: Promise<Figures> | null = null;
  const current = () => (reading ??= figures().finally(() => (reading = null)));
  // Values cross the cluster's IPC as JSON, where NaN and Infinity become null: "unknown" is -1.
  const known = (n: number | null | undefined) => (n == null ? -1 : n);
  const gauge = (name: string, help: string, set: (g: client.Gauge<string>, f: Figures) => void, extra: { labelNames?: string[]; aggregator?: client.Aggregator } = {}) =>
    new client.Gauge({ name, help, registers, ...extra, async collect() { set(this, await current()); } });
  gauge("imob_db_pool_connections", "Conexões do pool do banco: abertas (open) e em uso (in_use).", (g, f) => {
    g.set({ state: "open" }, f.pool.open);
    g.set({ state: "in_use" }, f.pool.inUse);
  }, { labelNames: ["state"] });
  gauge("imob_db_pool_waiting", "Pedidos esperando uma conexão livre do pool do banco.", (g, f) => g.set(f.pool.waiting));
  // The same figures on every process (one database): the cluster's total is their maximum.
  gauge("imob_db_read_ok", "1 se o banco respondeu à última leitura das métricas; 0 se não (as métricas abaixo valem -1).", (g, f) => g.set(f.databaseRead ? 1 : 0), { aggregator: "min" });
  gauge("imob_outbox_emails", "E-mails das mensagens: pendentes (pending) e desistidos após as tentativas (failed); -1: banco sem resposta.", (g, f) => {
    g.set({ status: "pending" }, known(f.outboxPending));
    g.set({ status: "failed" }, known(f.outboxFailed));
  }, { labelNames: ["status"], aggregator: "max" });
  gauge("imob_backup_last_success_timestamp_seconds", "Início do último backup bem-sucedido (Unix, s); 0: nenhum; -1: banco sem resposta.", (g, f) => {
    g.set(!f.databaseRead ? -1 : f.lastBackupAt ? f.lastBackupAt.getTime() / 1000 : 0);
  }, { aggregator: "max" });
  // Without any backup, the age counts from timestamp 0: every threshold alert fires.
  gauge("imob_backup_last_success_age_seconds", "Idade do último backup bem-sucedido, em segundos (sem nenhum: desde 1970); -1: banco sem resposta.", (g, f) => {
    g.set(!f.databaseRead ? -1 : (Date.now() - (f.lastBackupAt?.getTime() ?? 0)) / 1000);
  }, { aggregator: "min" });
  // Counted by the cluster's primary (server/metrics-cluster.ts); a single process never restarts one.
  if (withRestarts) new client.Counter({ ...RESTARTS, registers });

  // The series of each route, method and status, bound once: prom-client otherwise sorts and
  // joins the labels on every call (bounded: routes come from the route table, statuses are few).
  const series = new Map<string, { count: ReturnType<typeof requests.labels>; time: ReturnType<typeof duration.labels> }>();
  const cacheSeries = new Map<string, ReturnType<typeof cache.labels>>();
  return {
    registry,
    /** One finished request. */
    observe(route: string, method: string, status: number, seconds: number, cacheResult: string | undefined) {
      const m = METHODS.has(method) ? method : "OTHER";
      const key = `${route} ${m} ${status}`;
      let s = series.get(key);
      if (!s) {
        const labels = { route, method: m, status: String(status) };
        series.set(key, (s = { count: requests.labels(labels), time: duration.labels(labels) }));
      }
      s.count.inc();
      s.time.observe(seconds);
      if (cacheResult) {
        let c = cacheSeries.get(cacheResult);
        if (!c) cacheSeries.set(cacheResult, (c = cache.labels({ result: cacheResult })));
        c.inc();
      }
    },
  };
}
