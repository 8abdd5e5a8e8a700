import { describeRealisation } from '../realisation-cases';

// A/B on one realisation for phs: realisation-cases.ts.
describeRealisation('phs');
