import { describeRealisation } from '../realisation-cases';

// A/B on one realisation for dect: realisation-cases.ts.
describeRealisation('dect');
