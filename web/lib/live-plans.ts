// The home page's plans table from the live catalogue (docs/decisions/242): the prerendered HTML and the
// first render show the plans of web/content/plans.json (the page's shape, docs/decisions/112); once the page runs,
// the live catalogue's plans (/getPlans: names in both languages, prices) replace them, so that the table says what
// the shop sells. Without an answer (offline, an error) the table stays as drawn.
import { useEffect, useState } from 'react';
import type { PlanView } from '../../core/contracts/catalogue';
import { productName } from './content';

export type TablePlan = { code: string; name: string; pricePerPerson: number };

export function useLivePlans(drawn: readonly TablePlan[]): TablePlan[] {
  const [live, setLive] = useState<PlanView[] | null>(null);
  useEffect(() => {
    let gone = false;
    // loaded here, after the first paint: the public pages' first load does not carry the API client for this
    import('./api-client')
      .then(({ api }) => api('getPlans'))
      .then((r) => {
        if (!gone && r.plans.length > 0) setLive(r.plans);
      })
      .catch(() => {});
    return () => {
      gone = true;
    };
  }, []);
  if (!live) return [...drawn];
  return live.map((p) => ({ code: p.code, name: productName(p), pricePerPerson: p.price }));
}
