import { TIMINGS } from '@agency/shared';
import { useEffect, useId, useRef, useState, type CSSProperties } from 'react';
import { useOnScreen } from '../../lib/use-on-screen';
import { Icon, type IconName } from './icons';
import { SectionShell } from './section-shell';
import './process-stepper.css';

export interface ProcessStep {
  title: string;
  description: string;
  icon?: IconName;
}

export interface ProcessStepperProps {
  heading: string;
  intro?: string;
  steps: ProcessStep[];
  /** Step titles that differ in the small-screen list, keyed by step number (SEO: 5 → 'Continuous Optimization'). */
  mobileTitles?: Partial<Record<number, string>>;
  intervalMs?: number;
  id?: string;
}

/**
 * The process widget (spec 001 §4): step 1 is active first, the next one every 5000 ms, wrapping to 1
 * after the last; the timer stops when the component unmounts. A click makes a step active without
 * re-arming the timer. Steps up to the active one are "reached". Small screens get a static stacked
 * list of every step instead (both are in the HTML; CSS picks one). A pause button lets visitors stop
 * the automatic advance (WCAG 2.2.2); it also waits while the stepper is off screen.
 */
export function ProcessStepper({
  heading,
  intro,
  steps,
  mobileTitles,
  intervalMs = TIMINGS.stepperIntervalMs,
  id,
}: ProcessStepperProps) {
  const [active, setActive] = useState(1);
  const [playing, setPlaying] = useState(true);
  const panelId = useId();
  const count = steps.length;
  // The stepper on wide screens (the small screens' list is static): it advances while on screen.
  const desktop = useRef<HTMLDivElement>(null);
  const onScreen = useOnScreen(desktop);

  useEffect(() => {
    if (!playing || !onScreen || count < 2) return;
    const timer = window.setInterval(() => {
      setActive((current) => (current >= count ? 1 : current + 1));
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [playing, onScreen, count, intervalMs]);

  const current = steps[active - 1];
  // Drives the CSS progress line between the step markers.
  const trackStyle: StepperStyle = {
    '--stepper-progress': count > 1 ? (active - 1) / (count - 1) : 1,
    '--stepper-count': count,
  };

  return (
    <SectionShell heading={heading} intro={intro} id={id} className="stepper">
      <div ref={desktop} className="stepper__desktop">
        <ol className="stepper__track" style={trackStyle}>
          {steps.map((step, index) => {
            const number = index + 1;
            return (
              <li
                key={step.title}
                className={
                  number <= active ? 'stepper__step stepper__step--reached' : 'stepper__step'
                }
              >
                <button
                  type="button"
                  aria-current={number === active ? 'step' : undefined}
                  aria-controls={panelId}
                  onClick={() => setActive(number)}
                >
                  <span className="stepper__number" aria-hidden="true">
                    {number}
                  </span>
                  <span className="stepper__label">{step.title}</span>
                </button>
              </li>
            );
          })}
        </ol>
        {current && (
          <div id={panelId} className="stepper__panel">
            {current.icon && <Icon name={current.icon} size={56} className="stepper__icon" />}
            <div>
              <p className="stepper__count">
                Step {active} of {count}
              </p>
              <h3 className="stepper__title">{current.title}</h3>
              <p>{current.description}</p>
            </div>
          </div>
        )}
        {count > 1 && (
          <button type="button" className="stepper__toggle" onClick={() => setPlaying((p) => !p)}>
            {playing ? 'Pause steps' : 'Play steps'}
          </button>
        )}
      </div>
      <ol className="stepper__list">
        {steps.map((step, index) => (
          <li key={step.title}>
            <span className="stepper__number" aria-hidden="true">
              {index + 1}
            </span>
            <div>
              <h3 className="stepper__title">{mobileTitles?.[index + 1] ?? step.title}</h3>
              <p>{step.description}</p>
            </div>
          </li>
        ))}
      </ol>
    </SectionShell>
  );
}

type StepperStyle = CSSProperties & { '--stepper-progress': number; '--stepper-count': number };
