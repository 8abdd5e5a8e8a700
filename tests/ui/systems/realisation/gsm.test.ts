import { describeRealisation } from '../realisation-cases';

// A/B on one realisation for gsm: realisation-cases.ts.
describeRealisation('gsm');
