import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import type { MessageKey } from '../../../core/i18n';
import { t } from '../../../core/i18n';
import { useToast } from '../../components/toast';
import { useUserInfo } from '../../lib/session';
import './admin.css';
import { AddProductTab, BlockProductTab, ProductsTab } from './CatalogueTabs';
import { OrderListTab, PassCollectionTab, PendingOrdersTab } from './OrderTabs';
import { RenewalsTab } from './RenewalsTab';
import { AuditTab } from './AuditTab';
import { OverviewTab } from './OverviewTab';
import { SettingsTab } from './SettingsTab';

// The Messages tab (issue 26) loads when it is opened: the admin page's first load stays as it was.
const MessagesTab = lazy(() => import('./MessagesTab').then((m) => ({ default: m.MessagesTab })));

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
  { id: 'add-product', label: 'admin.tab.addProduct', adminOnly: true, render: () => <AddProductTab /> },
  { id: 'products', label: 'admin.tab.products', adminOnly: true, render: () => <ProductsTab /> },
  { id: 'block', label: 'admin.tab.block', adminOnly: true, render: () => <BlockProductTab /> },
  { id: 'settings', label: 'admin.tab.settings', adminOnly: true, render: () => <SettingsTab /> },
  { id: 'overview', label: 'admin.tab.overview', adminOnly: true, render: () => <OverviewTab /> },
  { id: 'renewals', label: 'admin.tab.renewals', adminOnly: true, render: () => <RenewalsTab /> },
  {
    id: 'messages',
    label: 'admin.tab.messages',
    adminOnly: true,
    render: () => (
      <Suspense fallback={<p className="loading">{t('layout.loading')}</p>}>
        <MessagesTab />
      </Suspense>
    ),
  },
  { id: 'audit', label: 'admin.tab.audit', adminOnly: true, render: () => <AuditTab /> },
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
  return (
    <section className="page admin-page">
      <h1>{t('admin.title')}</h1>
      {/* the tabs in labelled groups that wrap, never a sideways strip (docs/decisions/106) */}
      <div className="admin-tabs">
        {groupTabs(tabs).map((g) => (
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
