import type { LoaderFunctionArgs } from "react-router";
import { portalFeedResponse } from "~/http/portal-feed.server";

/** The VRSync feed for ZAP Imóveis, VivaReal and OLX (issue 23; README, "Portais"). */
export function loader({ request }: LoaderFunctionArgs) {
  return portalFeedResponse(request);
}
