-- 'Atrasados' (issue 34): the stage before the follow-up's time, so that each open stage's late
-- follow-ups are one range of the index (cards and counts), not a walk of every open row (227–273 → 10–12 ms
-- at 100,000 messages, docs/performance.md). One statement, so the index is replaced at once (InnoDB's DDL is atomic).
ALTER TABLE `mensagens` DROP INDEX `mensagens_board_retorno_idx`, ADD INDEX `mensagens_board_retorno_idx` (`arquivada`,`etapa`,`retornar_em`);
