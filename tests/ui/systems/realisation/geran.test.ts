import { describeRealisation } from '../realisation-cases';

// A/B on one realisation for geran: realisation-cases.ts.
describeRealisation('geran');
