// The receipt debugger (data-testid="debugger"): a run's steps on a timeline scrubber, and for the current step
// its screens before and after with the planned pointer paths, target box and diff highlights drawn on them
// (StepPicture), the receipt in words, the tree diff, Re-run and Open in editor (StepDetails). Shown instead of
// the console's workspace (the title bar's Debugger tab), so it keeps the whole window at 1024×700.
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import type { ScreenSize } from '../../../shared/geometry';
import type { TimelineStep } from '../../../shared/receipts/foreign';
import { evidenceState, noScreenWords } from '../../../shared/evidence/evidence-state';
import { useStore } from '../../app/store';
import { useDebugger } from './debugger-store';
import { DebuggerToolbar, ScreenModeSwitch } from './DebuggerToolbar';
import type { DiffRow } from './diff-rows';
import { useStepEvidence } from './evidence-cache';
import { followJournal } from './journal-source';
import { ReportButton } from './ReportButton';
import { SaveRunAsFlow } from './SaveRunAsFlow';
import type { StepGeometry } from './rerun';
import { StepDetails } from './StepDetails';
import { StepPicture, type Highlight } from './StepPicture';
import { DIFF_COLOURS } from './diff-rows';
import { Timeline } from './Timeline';
import { scrub } from './timeline-model';
import type { TreeInfo } from './tree-protocol';
import { useAfterPaint } from './use-after-paint';
import { usePreparedStep } from './use-prepared-step';
import { useTimeline } from './use-timeline';
import './debugger.css';

const DEFAULT_SCREEN: ScreenSize = { width: 1080, height: 2400 };

/** The step's screen size: its recorded tree's, what its device reported before input, the selected device's, a phone's. */
function stepScreen(
  step: TimelineStep | null,
  tree: ScreenSize | undefined,
  fallback: ScreenSize | undefined,
): ScreenSize {
  const display = (step?.receipt?.observation_before as { display?: ScreenSize } | undefined)?.display;
  return tree ?? display ?? fallback ?? DEFAULT_SCREEN;
}

/** The geometry the step was recorded on, for the re-run's guard: its stored tree, else its device's report. */
function recordedGeometry(step: TimelineStep, tree: TreeInfo | null): StepGeometry | null {
  if (tree) return { screen: tree.screen, rotation: tree.rotation };
  const display = (step.receipt?.observation_before as { display?: ScreenSize } | undefined)?.display;
  return display ? { screen: display, rotation: null } : null;
}

function useScrubKeys(count: number, index: number) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const t = e.target as HTMLElement | null;
      if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable))
        return;
      const next = scrub(e.key, index, count);
      if (next === null) return;
      e.preventDefault();
      useDebugger.getState().setIndex(next);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [count, index]);
}

function highlightsOf(rows: DiffRow[] | null, side: 'before' | 'after'): Highlight[] {
  return (rows ?? []).flatMap((d) => (d[side] ? [{ id: d.id, box: d[side]!, colour: DIFF_COLOURS[d.kind] }] : []));
}

/** The details of one step: rendered a frame after its picture (useAfterPaint), and only when their inputs change. */
const Details = memo(function Details({
  step,
  diff,
  diffReady,
  tree,
  focus,
}: {
  step: TimelineStep;
  diff: DiffRow[] | null;
  diffReady: boolean;
  tree: TreeInfo | null;
  focus(id: number | null): void;
}) {
  return (
    <StepDetails step={step} diff={diff} diffReady={diffReady} recorded={recordedGeometry(step, tree)} focus={focus} />
  );
});

export function ReceiptDebugger() {
  const { runs, rows, choices, steps, index, current, total, error } = useTimeline();
  const screenMode = useDebugger((s) => s.screenMode);
  const imported = useDebugger((s) => s.imported);
  const source = useDebugger((s) => s.source);
  const run = useDebugger((s) => s.run);
  const deviceScreen = useStore((s) => s.deviceInfo?.screen);
  const [focused, setFocused] = useState<number | null>(null);
  useScrubKeys(steps.length, index);
  useEffect(() => (source === 'journal' ? followJournal(run) : undefined), [source, run]);
  // A key pressed since this step was drawn (the store's index moved) means the scrub goes on: the full screen's
  // decode and the details wait until it rests.
  const asked = useDebugger((s) => s.index);
  const stillHere = useCallback(() => useDebugger.getState().index === asked, [asked]);
  const evidence = useStepEvidence(steps, index, screenMode, stillHere);
  const { treeBefore, treeAfter } = evidence;
  // The diff and the plan's target come from the tree worker once the step's trees are parsed there.
  const { rows: diff, diffReady, plan } = usePreparedStep(current, index + 1, evidence.treesReady);
  const shown = useMemo(
    () => current && { step: current, diff, diffReady, tree: treeBefore },
    [current, diff, diffReady, treeBefore],
  );
  const details = useAfterPaint(shown, stillHere);
  const screen = stepScreen(current, treeBefore?.screen ?? treeAfter?.screen, deviceScreen);
  // A read's evidence is what it saw (kept as its after screen); it has nothing before.
  const read = current?.evidence?.kind === 'read';
  const actions = useMemo(
    () => (
      <>
        <ReportButton run={run} disabled={source !== 'journal'} />
        <SaveRunAsFlow run={run} disabled={source !== 'journal'} />
      </>
    ),
    [run, source],
  );
  const label = (side: 'before' | 'after') =>
    read ? (side === 'after' ? 'seen by the read' : 'before: none (a read)') : side;
  const picture = (side: 'before' | 'after') => (
    <StepPicture
      key={side}
      label={label(side)}
      testId={`debugger-picture-${side}`}
      recorded={!!current?.evidence?.[side === 'before' ? 'screen_before' : 'screen_after']}
      absent={noScreenWords(evidenceState(current?.receipt ?? null, current?.evidence ?? null))}
      sha={evidence[side]}
      thumbSha={evidence[side === 'before' ? 'beforeThumbnail' : 'afterThumbnail']}
      screen={screen}
      plan={side === 'before' || screenMode !== 'split' ? plan : null}
      highlights={highlightsOf(diff, side)}
      focused={focused}
    />
  );
  return (
    <section className="debugger" data-testid="debugger" data-source={source}>
      <DebuggerToolbar runs={runs} rows={rows} choices={choices} total={total} actions={actions} />
      {error && (
        <div className="approval-error" data-testid="debugger-error">
          {error}
        </div>
      )}
      {source === 'import' && imported && imported.errors.length > 0 && (
        <ul
          className="debugger-import-errors mono"
          data-testid="debugger-import-errors"
          data-count={imported.errors.length}
        >
          {imported.errors.slice(0, 20).map((e, i) => (
            <li key={i}>
              record {e.line}
              {e.path ? ` ${e.path}` : ''}: {e.message}
            </li>
          ))}
          {imported.errors.length > 20 && <li>… {imported.errors.length - 20} more</li>}
        </ul>
      )}
      <Timeline steps={steps} index={index}>
        <ScreenModeSwitch />
      </Timeline>
      {current ? (
        <div className="debugger-body">
          <div className={`debugger-pictures ${screenMode}`}>
            {screenMode === 'split' ? [picture('before'), picture('after')] : picture(screenMode)}
          </div>
          {details ? (
            <Details
              step={details.step}
              diff={details.diff}
              diffReady={details.diffReady}
              tree={details.tree}
              focus={setFocused}
            />
          ) : (
            <div className="debugger-details" />
          )}
        </div>
      ) : (
        <div className="empty" data-testid="debugger-empty">
          {steps.length === 0 && source === 'journal'
            ? 'No receipts yet: run something on a device, or import a file.'
            : 'No step matches the filters.'}
        </div>
      )}
    </section>
  );
}
