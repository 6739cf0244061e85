import { formatMoney } from "~/utils/format";
import { monthlyCosts } from "~/utils/imovel";

type Props = { imovel: Parameters<typeof monthlyCosts>[0] };

/**
 * Condomínio, IPTU and, for a rental, the month in total, under the listing's strip (issue 22):
 * the first thing a Brazilian renter asks. Nothing informed, no strip.
 */
export function CostsStrip({ imovel }: Props) {
  const { condominio, iptu, totalMensal } = monthlyCosts(imovel);
  if (condominio == null && iptu == null) return null;
  return (
    <dl className="info-strip costs-strip">
      {condominio != null ? (
        <div>
          <dt>CONDOMÍNIO</dt>
          <dd>{formatMoney(condominio)}/mês</dd>
        </div>
      ) : null}
      {iptu != null ? (
        <div>
          <dt>IPTU</dt>
          <dd>{formatMoney(iptu)}/ano</dd>
        </div>
      ) : null}
      {totalMensal != null ? (
        <div className="costs-total">
          <dt>TOTAL MENSAL</dt>
          <dd>{formatMoney(totalMensal)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
