import { describeRealisation } from '../realisation-cases';

// A/B on one realisation for is707: realisation-cases.ts.
describeRealisation('is707');
