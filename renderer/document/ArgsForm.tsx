// The args form of the selected step: fields generated from its tool's JSON Schema (args-fields.ts), checked
// live on every change by the same prepareCall dispatch runs (steps.ts checkStep), with each issue shown at its
// field. Apply replaces the step's envelope as one undo step ("edit <tool>"); an invalid draft may be applied
// (the step keeps its codes, as any invalid step does).
import { useMemo, useState } from 'react';
import { isToolName, toolJsonSchema, type ToolEnvelope } from '../../shared/actions';
import { currentCapabilities, currentScreen } from '../app/selectors';
import { useStore } from '../app/store';
import { argsFields, getAt, pointerOf, setAt, type Field } from './args-fields';
import { checkStep, type Step } from './steps';

type Args = Record<string, unknown>;

function NumbersInput({
  value,
  count,
  onChange,
  testId,
}: {
  value: unknown;
  count: number;
  onChange(v: unknown): void;
  testId: string;
}) {
  const [text, setText] = useState(Array.isArray(value) ? value.join(', ') : '');
  return (
    <input
      className="input mono"
      data-testid={testId}
      value={text}
      placeholder={`${count} numbers`}
      onChange={(e) => {
        setText(e.target.value);
        const parts = e.target.value
          .split(',')
          .map((p) => p.trim())
          .filter((p) => p !== '');
        onChange(parts.length === 0 ? null : parts.map((p) => (Number.isFinite(Number(p)) ? Number(p) : p)));
      }}
    />
  );
}

function JsonInput({ value, onChange, testId }: { value: unknown; onChange(v: unknown): void; testId: string }) {
  const [text, setText] = useState(value === undefined ? '' : JSON.stringify(value));
  const [bad, setBad] = useState(false);
  return (
    <textarea
      className={`input mono json-input${bad ? ' bad' : ''}`}
      data-testid={testId}
      value={text}
      rows={3}
      onChange={(e) => {
        setText(e.target.value);
        try {
          onChange(e.target.value.trim() === '' ? undefined : JSON.parse(e.target.value));
          setBad(false);
        } catch {
          setBad(true);
        }
      }}
    />
  );
}

function FieldInput({
  field,
  value,
  onChange,
}: {
  field: Field;
  value: unknown;
  onChange(path: string[], v: unknown): void;
}) {
  const testId = `arg-${field.path.join('.')}`;
  const set = (v: unknown) => onChange(field.path, v);
  const t = field.type;
  switch (t.kind) {
    case 'number':
      return (
        <input
          className="input mono"
          type="number"
          data-testid={testId}
          value={typeof value === 'number' ? value : ''}
          min={t.min}
          max={t.max}
          step={t.integer ? 1 : 'any'}
          onChange={(e) => set(e.target.value === '' ? (field.nullable ? null : undefined) : Number(e.target.value))}
        />
      );
    case 'text':
      return (
        <input
          className="input"
          data-testid={testId}
          value={typeof value === 'string' ? value : ''}
          placeholder={field.nullable ? 'null' : ''}
          onChange={(e) => set(e.target.value === '' && field.nullable ? null : e.target.value)}
        />
      );
    case 'enum':
      return (
        <select
          className="input"
          data-testid={testId}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => set(e.target.value === '' ? undefined : e.target.value)}
        >
          <option value="">{field.required ? '—' : '(default)'}</option>
          {t.options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      );
    case 'boolean':
      return (
        <input type="checkbox" data-testid={testId} checked={value === true} onChange={(e) => set(e.target.checked)} />
      );
    case 'numbers':
      return <NumbersInput value={value} count={t.count} onChange={set} testId={testId} />;
    case 'object':
      return (
        <fieldset className="args-object">
          {t.fields.map((f) => (
            <FieldRow key={f.name} field={f} value={getAt(value, [f.name])} onChange={onChange} issues={[]} />
          ))}
        </fieldset>
      );
    case 'json':
      return <JsonInput value={value} onChange={set} testId={testId} />;
  }
}

function FieldRow({
  field,
  value,
  onChange,
  issues,
}: {
  field: Field;
  value: unknown;
  onChange(path: string[], v: unknown): void;
  issues: string[];
}) {
  return (
    <label className={`args-row${issues.length ? ' bad' : ''}`}>
      <span className="args-name mono">
        {field.name}
        {field.required ? '*' : ''}
      </span>
      <FieldInput field={field} value={value} onChange={onChange} />
      {issues.map((m) => (
        <span key={m} className="step-issue">
          {m}
        </span>
      ))}
    </label>
  );
}

export function ArgsForm({ step, onClose }: { step: Step; onClose(): void }) {
  const tool = step.envelope.tool;
  const fields = useMemo(() => (isToolName(tool) ? argsFields(toolJsonSchema(tool)) : []), [tool]);
  const [draft, setDraft] = useState<Args>(step.envelope.args as Args);
  const screen = useStore(currentScreen);
  const capabilities = useStore(currentCapabilities);
  const envelope: ToolEnvelope = { tool, args: draft };
  const check = checkStep(envelope, { screen, capabilities });
  const issues = check.ok ? [] : check.issues;
  const at = (f: Field) =>
    issues
      .filter((i) => i.path === pointerOf(f.path) || i.path.startsWith(`${pointerOf(f.path)}/`))
      .map((i) => `${i.code}: ${i.message}`);
  const elsewhere = issues.filter(
    (i) => !fields.some((f) => i.path === pointerOf(f.path) || i.path.startsWith(`${pointerOf(f.path)}/`)),
  );
  return (
    <div className="args-form" data-testid="args-form">
      <div className="args-head">
        <b className="mono">{tool}</b>
        <span className={`code ${check.ok ? 'code-ok' : 'code-bad'}`} data-testid="args-validity">
          {check.ok ? 'OK' : issues[0]!.code}
        </span>
      </div>
      {fields.map((f) => (
        <FieldRow
          key={f.name}
          field={f}
          value={draft[f.name]}
          issues={at(f)}
          onChange={(path, v) => setDraft((d) => setAt(d, path, v))}
        />
      ))}
      {elsewhere.map((i) => (
        <div key={`${i.code}${i.path}`} className="step-issue">
          {i.code} at {i.path || '/'}: {i.message}
        </div>
      ))}
      <div className="args-actions">
        <button
          className="btn btn-small"
          data-testid="args-apply"
          onClick={() => {
            useStore.getState().updateStep(step.id, envelope);
            onClose();
          }}
        >
          Apply
        </button>
        <button className="btn btn-small" data-testid="args-cancel" onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}
