import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ConsoleCounts } from '../../../core/contracts/admin';
import type { MessageKey } from '../../../core/i18n';
import { t } from '../../../core/i18n';
import { ta } from '../../../core/messages/admin.en';
import { paths } from '../../lib/paths';
import { useToast } from '../../components/toast';
import { useUserInfo } from '../../lib/session';
import './admin.css';
import { OrderListTab, PassCollectionTab, PendingOrdersTab } from './OrderTabs';
import { getConsoleCounts } from './api';

// The Messages tab loads when it is opened: the admin page's first load stays as it was.
const MessagesTab = lazy(() => import('./MessagesTab').then((m) => ({ default: m.MessagesTab })));
// The Gate sales tab likewise.
const GateSalesTab = lazy(() => import('./GateSalesTab').then((m) => ({ default: m.GateSalesTab })));
// So do the catalogue's and the association's tabs: the console opens on Pass Collection, the festival night's
// tab, and its first load carries only the order tabs (docs/decisions/176).
const catalogueTabs = () => import('./CatalogueTabs');
const AddProductTab = lazy(() => catalogueTabs().then((m) => ({ default: m.AddProductTab })));
const ProductsTab = lazy(() => catalogueTabs().then((m) => ({ default: m.ProductsTab })));
const BlockProductTab = lazy(() => catalogueTabs().then((m) => ({ default: m.BlockProductTab })));
const SettingsTab = lazy(() => import('./SettingsTab').then((m) => ({ default: m.SettingsTab })));
const OverviewTab = lazy(() => import('./OverviewTab').then((m) => ({ default: m.OverviewTab })));
const RenewalsTab = lazy(() => import('./RenewalsTab').then((m) => ({ default: m.RenewalsTab })));
const AuditTab = lazy(() => import('./AuditTab').then((m) => ({ default: m.AuditTab })));

/** A tab whose code loads when it is first opened. */
const later = (node: ReactNode) => (
  <Suspense fallback={<p className="loading">{t('layout.loading')}</p>}>{node}</Suspense>
);

type Tab = {
  id: string;
  label: MessageKey;
  adminOnly: boolean;
  render: () => ReactNode;
};

// SPEC.md section 2, plus the Block tab (DECISIONS.md) and Settings, Overview and Audit log.
const TABS: Tab[] = [
  { id: 'collection', label: 'admin.tab.collection', adminOnly: false, render: () => <PassCollectionTab /> },
  { id: 'pending', label: 'admin.tab.pending', adminOnly: true, render: () => <PendingOrdersTab /> },
  { id: 'success', label: 'admin.tab.success', adminOnly: true, render: () => <OrderListTab kind="success" /> },
  {
    id: 'not-collected',
    label: 'admin.tab.notCollected',
    adminOnly: true,
    render: () => <OrderListTab kind="notCollected" />,
  },
  { id: 'collected', label: 'admin.tab.collected', adminOnly: true, render: () => <OrderListTab kind="collected" /> },
  {
    id: 'gate',
    label: 'admin.tab.gate',
    adminOnly: true,
    render: () => later(<GateSalesTab />),
  },
  { id: 'add-product', label: 'admin.tab.addProduct', adminOnly: true, render: () => later(<AddProductTab />) },
  { id: 'products', label: 'admin.tab.products', adminOnly: true, render: () => later(<ProductsTab />) },
  { id: 'block', label: 'admin.tab.block', adminOnly: true, render: () => later(<BlockProductTab />) },
  { id: 'settings', label: 'admin.tab.settings', adminOnly: true, render: () => later(<SettingsTab />) },
  { id: 'overview', label: 'admin.tab.overview', adminOnly: true, render: () => later(<OverviewTab />) },
  { id: 'renewals', label: 'admin.tab.renewals', adminOnly: true, render: () => later(<RenewalsTab />) },
  {
    id: 'messages',
    label: 'admin.tab.messages',
    adminOnly: true,
    render: () => later(<MessagesTab />),
  },
  { id: 'audit', label: 'admin.tab.audit', adminOnly: true, render: () => later(<AuditTab />) },
];

/**
 * The groups start at these tabs and take the tabs after them, in TABS order (a tab added later joins the group
 * of the tab before it): the festival night's Pass Collection and Pending Orders come first.
 */
const GROUP_STARTS: Record<string, MessageKey> = {
  collection: 'admin.group.orders',
  'add-product': 'admin.group.catalogue',
  settings: 'admin.group.association',
};

function groupTabs(tabs: Tab[]) {
  const groups: { label: MessageKey; first: string; tabs: Tab[] }[] = [];
  for (const tab of tabs) {
    const start = GROUP_STARTS[tab.id];
    const last = groups[groups.length - 1];
    if (start || !last) groups.push({ label: start ?? 'admin.group.orders', first: tab.id, tabs: [tab] });
    else last.tabs.push(tab);
  }
  return groups;
}

/** /admin: admins see every tab, volunteers only Pass Collection (the server enforces the same). */
export function AdminPage() {
  const user = useUserInfo();
  const toast = useToast();
  const tabs = TABS.filter((x) => !x.adminOnly || user?.admin);
  const [active, setActive] = useState(tabs[0]!.id);

  // SPEC.md section 9: toasts at the bottom center on the admin screen.
  useEffect(() => {
    toast.setPosition('bottom-center');
    return () => toast.setPosition('top-right');
  }, [toast]);

  const current = tabs.find((x) => x.id === active) ?? tabs[0]!;
  const counts = useConsoleCounts(!!user?.admin, current.id);
  // what waits, per tab: the transfers to verify and the orders needing attention are both on Pending Orders
  const waitingOn = (id: string) => (id === 'pending' && counts ? counts.pendingTransfers + counts.attention : 0);
  const groups = groupTabs(tabs);
  return (
    <section className="page admin-page">
      <h1>{t('admin.title')}</h1>
      {/* on a phone a compact picker instead of the groups of tabs, so that the tab's content starts in the
          first screen (docs/decisions/164) */}
      {tabs.length > 1 ? (
        <div className="admin-picker field">
          <label htmlFor="admin-section">{ta('adm.section')}</label>
          <select id="admin-section" value={current.id} onChange={(e) => setActive(e.target.value)}>
            {groups.map((g) => (
              <optgroup key={g.label} label={t(g.label)}>
                {g.tabs.map((x) => (
                  <option key={x.id} value={x.id}>
                    {waitingOn(x.id) > 0
                      ? ta('adm.sectionWaiting', { label: t(x.label), count: waitingOn(x.id) })
                      : t(x.label)}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </div>
      ) : null}
      {counts && counts.pendingTransfers + counts.attention + counts.conflicts > 0 ? (
        <p className="admin-waiting" data-testid="admin-waiting">
          <span className="admin-waiting-label">{ta('adm.waiting')}</span>
          {counts.pendingTransfers > 0 ? (
            <button type="button" className="btn btn-small" onClick={() => setActive('pending')}>
              {ta('adm.waitTransfers', { count: counts.pendingTransfers })}
            </button>
          ) : null}
          {counts.attention > 0 ? (
            <button type="button" className="btn btn-small" onClick={() => setActive('pending')}>
              {ta('adm.waitAttention', { count: counts.attention })}
            </button>
          ) : null}
          {counts.conflicts > 0 ? (
            <Link className="btn btn-small" to={paths.venue}>
              {ta('adm.waitConflicts', { count: counts.conflicts })}
            </Link>
          ) : null}
        </p>
      ) : null}
      {/* the tabs in labelled groups that wrap, never a sideways strip (docs/decisions/106) */}
      <div className={tabs.length > 1 ? 'admin-tabs admin-tabs-grouped' : 'admin-tabs'}>
        {groups.map((g) => (
          <div key={g.label} className="admin-tab-group">
            {tabs.length > 1 ? (
              <span className="admin-tab-group-label" id={`admin-group-${g.first}`}>
                {t(g.label)}
              </span>
            ) : null}
            <div
              className="admin-tab-row"
              role="tablist"
              {...(tabs.length > 1
                ? { 'aria-labelledby': `admin-group-${g.first}` }
                : { 'aria-label': t('admin.title') })}
            >
              {g.tabs.map((x) => (
                <button
                  key={x.id}
                  type="button"
                  role="tab"
                  id={`admin-tab-${x.id}`}
                  aria-selected={x.id === current.id}
                  aria-controls={`admin-panel-${x.id}`}
                  onClick={() => setActive(x.id)}
                >
                  {t(x.label)}
                  {/* the waiting line above says it in words; the badge is for the eye */}
                  {waitingOn(x.id) > 0 ? (
                    <span className="tab-count" aria-hidden="true">
                      {waitingOn(x.id)}
                    </span>
                  ) : null}
                </button>
              ))}
            </div>
          </div>
        ))}
      </div>
      {/* keyed by tab: opening a tab mounts it afresh, so a list's paging starts over (SPEC.md, Collected Orders) */}
      <div
        role="tabpanel"
        id={`admin-panel-${current.id}`}
        aria-labelledby={`admin-tab-${current.id}`}
        key={current.id}
      >
        {current.render()}
      </div>
    </section>
  );
}

/** What waits for an admin (null for a volunteer, or until it is known), read again on every change of tab. */
function useConsoleCounts(admin: boolean, tab: string): ConsoleCounts | null {
  const [counts, setCounts] = useState<ConsoleCounts | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the admin moves to another tab
  useEffect(() => {
    if (!admin) return;
    let live = true;
    getConsoleCounts()
      .then((c) => live && setCounts(c))
      // a hint only: without it the console works as before
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [admin, tab]);
  return counts;
}
