/** Organizations are read-only over the API (§7); a caller sees the ones it belongs to (§4). */
import { organizationIdsOf, type Principal } from '../../access/principal.js';
import { type Page, type PageRequest, paginate } from '../../pagination/paginate.js';
import type { OrganizationRecord } from '../../store/records.js';
import type { StoreView } from '../../store/store.js';

/** §6: by slug. */
export function listOrgs(
  store: StoreView,
  principal: Principal,
  request: PageRequest,
): Page<OrganizationRecord> {
  const list = {
    listId: 'orgs',
    secret: store.cursorSecret,
    sortKey: (org: OrganizationRecord) => [org.slug],
  };
  return paginate(visibleOrganizations(store, principal), list, request);
}

function visibleOrganizations(view: StoreView, principal: Principal): OrganizationRecord[] {
  return organizationIdsOf(principal).flatMap((id) => view.get('organizations', id) ?? []);
}
