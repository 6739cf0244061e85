// Every route from the files of app/routes/, by Remix 2's flat-routes convention: the URLs are the
// ones the app had under Remix (`_site.imovel.$id.tsx` → /imovel/:id, `admin.imovel[.]csv.ts` →
// /admin/imovel.csv).
import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

export default flatRoutes() satisfies RouteConfig;
