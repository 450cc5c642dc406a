// The admin console's route: its area of the catalogue (docs/decisions/115) registers before any of its tabs,
// including those it loads lazily, draws.
import '../../../core/messages/areas/console';

export { AdminPage } from '../../features/admin/AdminPage';
