// The words of an import's state and results (issue 32), shared by its page and its CSV.
export const IMPORT_STATE_LABELS = {
  executando: "em andamento",
  concluida: "concluída",
  falhou: "falhou",
  interrompida: "interrompida",
} as const;
