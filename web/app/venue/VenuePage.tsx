import { VenueScreen } from '../../features/venue/VenueScreen';

/** /venue: admins and volunteers collecting passes at the gate (RequireSession allow="staff" in the router). */
export function VenuePage() {
  return <VenueScreen />;
}
