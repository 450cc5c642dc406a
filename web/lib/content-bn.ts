// The Bengali overlays of web/content, one chunk loaded with the Bengali catalogue (web/lib/locale.ts).
import association from '../content/association.bn.json';
import footer from '../content/footer.bn.json';
import gallery from '../content/gallery.bn.json';
import home from '../content/home.bn.json';
import magazines from '../content/magazines.bn.json';
import plans from '../content/plans.bn.json';
import presentations from '../content/presentations.bn.json';
import responsibility from '../content/responsibility.bn.json';
import sponsors from '../content/sponsors.bn.json';
import tnc from '../content/tnc.bn.json';
import { registerOverlays } from './content';

registerOverlays({
  association,
  footer,
  gallery,
  home,
  magazines,
  plans,
  presentations,
  responsibility,
  sponsors,
  tnc,
});
