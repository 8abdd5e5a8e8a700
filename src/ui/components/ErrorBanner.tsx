import type { ReactNode } from 'react';
import type { LabState } from '../../state/types';
import { useLab } from '../hooks/use-lab';

/** A stopped engine: its why (said once, issue 20 item 21) and a button to restart it. */
function EngineStopped({ error, restart }: { error: string; restart(): void }) {
  return (
    <div className="error-engine">
      <p>
        {/* Said once (issue 20 item 21): a message that says it again keeps only its why. */}
        <strong>The simulation engine stopped.</strong>{' '}
        {error.replace(/^the simulation engine stopped[.:]?\s*/i, '')}
      </p>
      <button type="button" className="primary" data-testid="restart-engine" onClick={restart}>
        Restart engine
      </button>
    </div>
  );
}

/** A list of bad keys, each with its message, under a heading saying what became of them. */
function KeyErrors({
  heading,
  errors,
  testId,
}: {
  heading: ReactNode;
  errors: readonly { key: string; message: string }[];
  testId?: string;
}) {
  if (errors.length === 0) return null;
  return (
    <div data-testid={testId}>
      <p>
        <strong>{heading}</strong>
      </p>
      <ul>
        {errors.map((e, i) => (
          <li key={i} data-key={e.key}>
            <code>{e.key}</code>: {e.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The keys the open activity step locks whose link values were not used. */
function LockedOut({ lockedOut }: { lockedOut: LabState['lockedOut'] }) {
  if (lockedOut.length === 0) return null;
  return (
    <div data-testid="locked-out">
      <p>
        <strong>
          The open activity step locks {lockedOut.length === 1 ? 'this key' : 'these keys'}; the link’s{' '}
          {lockedOut.length === 1 ? 'value was' : 'values were'} not used:
        </strong>
      </p>
      <ul>
        {lockedOut.map((e) => (
          <li key={e.key} data-key={e.key}>
            <code>{e.key}</code>: {e.locked} (the link gave {e.given}) — {e.reason}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * One banner for everything that went wrong (ui.md "Errors … show a clear message and a
 * way to recover"): the bad keys of a URL (each named by the parser's message; the run uses
 * the defaults for those keys only), the bad items of the view after `#` (left out of the
 * link), a rejected change, and a stopped engine with a
 * "restart engine" button. Messages are rendered as text, never as HTML.
 */
export function ErrorBanner() {
  const loadErrors = useLab((s) => s.loadErrors);
  const changeErrors = useLab((s) => s.changeErrors);
  const viewErrors = useLab((s) => s.viewErrors);
  const lockedOut = useLab((s) => s.lockedOut);
  const engineError = useLab((s) => s.engineError);
  const dismiss = useLab((s) => s.dismissErrors);
  const restartEngine = useLab((s) => s.restartEngine);
  const listed = loadErrors.length + changeErrors.length + viewErrors.length + lockedOut.length;
  if (listed === 0 && !engineError) return null;
  return (
    <div className="error-banner" role="alert" data-testid="error-banner">
      {engineError && <EngineStopped error={engineError} restart={() => void restartEngine()} />}
      <KeyErrors
        errors={loadErrors}
        heading={
          <>
            {loadErrors.length === 1 ? 'One key' : `${loadErrors.length} keys`} of this scenario could not be
            used; the run uses the defaults for {loadErrors.length === 1 ? 'it' : 'them'}:
          </>
        }
      />
      <LockedOut lockedOut={lockedOut} />
      <KeyErrors errors={changeErrors} heading="That change was not applied:" />
      <KeyErrors
        errors={viewErrors}
        testId="view-errors"
        heading={
          <>
            {viewErrors.length === 1 ? 'One item' : `${viewErrors.length} items`} of the view (after # in the
            address) could not be used and {viewErrors.length === 1 ? 'was' : 'were'} left out of the link:
          </>
        }
      />
      {listed > 0 && (
        <button type="button" onClick={dismiss}>
          Dismiss
        </button>
      )}
    </div>
  );
}
