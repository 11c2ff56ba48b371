import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import {
  blankFields,
  ICON_NAMES,
  libraryImageIds,
  type Field,
  type FieldWidget,
  type MediaItem,
} from '@agency/shared';
import { altOnPick } from '../ui/library-alt';
import { MediaPicker } from '../ui/media-picker';
import { moveItem } from './draft';

// Quill (the post editor's rich-text editor) loads with the first rich-text field shown.
const RichTextField = lazy(() => import('../ui/rich-text-field'));

/** Where a value sits in the form: `['blocks', 3, 'items', 1, 'answer']`; errors are keyed by it joined with dots. */
export type FieldPath = readonly (string | number)[];
export const pathKey = (path: FieldPath): string => path.join('.');

/** What every widget needs besides its own value: ids, the errors and the live region. */
export interface FieldFormScope {
  /** The id of the control of the field at `path`. */
  idOf: (path: FieldPath) => string;
  /** Error sentences by path (`pathKey`). */
  errors: ReadonlyMap<string, string>;
  /** Say something in the form's live region (a move, an addition). */
  announce: (text: string) => void;
  /** The length search results show of the text field at `path` (a counter, a warning past it). */
  recommendedLength?: (path: FieldPath) => number | undefined;
  /** Warnings by path (a link to no page of the site): shown at the field, saving still allowed. */
  warnings?: ReadonlyMap<string, string>;
}

const ScopeContext = createContext<FieldFormScope | null>(null);

/** Gives the field widgets inside their ids, errors and live region. */
export function FieldFormProvider({
  scope,
  children,
}: {
  scope: FieldFormScope;
  children: ReactNode;
}) {
  return <ScopeContext.Provider value={scope}>{children}</ScopeContext.Provider>;
}

function useScope(): FieldFormScope {
  const scope = useContext(ScopeContext);
  if (!scope) throw new Error('Field widgets render inside a FieldFormProvider');
  return scope;
}

/** The ids and error of the field at `path`, and the attributes its control takes. */
function useFieldIds(path: FieldPath) {
  const { idOf, errors } = useScope();
  const id = idOf(path);
  const error = errors.get(pathKey(path));
  const errorId = `${id}-error`;
  return {
    id,
    error,
    errorId,
    control: {
      id,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
    },
  };
}

const asRecord = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const asText = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '';

function ErrorText({ id, error, focusable }: { id: string; error?: string; focusable?: boolean }) {
  if (!error) return null;
  return (
    <p
      id={id}
      className="form-field__error"
      // A list's own error ("needs at least 1") has no control to focus: the message takes it.
      {...(focusable ? { tabIndex: -1, 'data-error-focus': true } : {})}
    >
      {error}
    </p>
  );
}

function Help({ field }: { field: Field }) {
  return field.help ? <p className="post-form__hint">{field.help}</p> : null;
}

function Row({
  path,
  field,
  children,
  labelFor = true,
}: {
  path: FieldPath;
  field: Field;
  children: ReactNode;
  labelFor?: boolean;
}) {
  const { id, error, errorId } = useFieldIds(path);
  const warning = useScope().warnings?.get(pathKey(path));
  return (
    <div className={error ? 'form-field form-field--invalid' : 'form-field'}>
      {labelFor ? (
        <label htmlFor={id}>
          {field.label}
          {field.optional ? ' (optional)' : ''}
        </label>
      ) : (
        <span id={`${id}-label`} className="form-field__label">
          {field.label}
          {field.optional ? ' (optional)' : ''}
        </span>
      )}
      <Help field={field} />
      {children}
      <ErrorText id={errorId} error={error} />
      {warning && (
        <p id={`${id}-warning`} className="form-field__warning">
          {warning}
        </p>
      )}
    </div>
  );
}

interface WidgetProps {
  field: Field;
  path: FieldPath;
  value: unknown;
  /** `picked`: the library image an image field was given (its description goes with it). */
  onChange: (value: unknown, picked?: MediaItem) => void;
}

function TextWidget({
  field,
  path,
  value,
  onChange,
  widget,
}: WidgetProps & { widget: FieldWidget & { kind: 'text' } }) {
  const { control: ids, id } = useFieldIds(path);
  const scope = useScope();
  const change = (v: string) => onChange(field.optional && v === '' ? undefined : v);
  const length = asText(value).length;
  const recommended = scope.recommendedLength?.(path);
  const warned = scope.warnings?.has(pathKey(path)) ?? false;
  const over = recommended !== undefined && length > recommended;
  const described = [
    ids['aria-describedby'],
    warned ? `${id}-warning` : undefined,
    recommended !== undefined ? `${id}-count` : undefined,
  ].filter(Boolean);
  const control = {
    ...ids,
    'aria-describedby': described.length ? described.join(' ') : undefined,
  };
  return (
    <Row path={path} field={field}>
      {widget.multiline ? (
        <textarea
          {...control}
          rows={4}
          maxLength={widget.max}
          value={asText(value)}
          onChange={(e) => change(e.target.value)}
        />
      ) : (
        <input
          {...control}
          type="text"
          maxLength={widget.max}
          placeholder={widget.placeholder}
          value={asText(value)}
          onChange={(e) => change(e.target.value)}
        />
      )}
      {recommended !== undefined && (
        <p id={`${id}-count`} className={`field-count${over ? ' field-count--over' : ''}`}>
          {length} / {recommended}
          {over ? ` · search results cut it after about ${recommended} characters` : ''}
        </p>
      )}
    </Row>
  );
}

function RichTextWidget({ field, path, value, onChange }: WidgetProps) {
  const { id, error, errorId } = useFieldIds(path);
  return (
    <Row path={path} field={field} labelFor={false}>
      <Suspense fallback={<div className="rich-text rich-text--loading">Loading editor…</div>}>
        <RichTextField
          id={id}
          labelledBy={`${id}-label`}
          value={asText(value)}
          onChange={(html) => onChange(html)}
          invalid={Boolean(error)}
          describedBy={error ? errorId : undefined}
        />
      </Suspense>
    </Row>
  );
}

function NumberWidget({
  field,
  path,
  value,
  onChange,
  widget,
}: WidgetProps & { widget: FieldWidget & { kind: 'number' } }) {
  const { control } = useFieldIds(path);
  return (
    <Row path={path} field={field}>
      <input
        {...control}
        type="number"
        inputMode="decimal"
        min={widget.min}
        max={widget.max}
        step={widget.step}
        value={asText(value)}
        onChange={(e) =>
          onChange(
            e.target.value === ''
              ? field.optional
                ? undefined
                : ''
              : Number.isNaN(e.target.valueAsNumber)
                ? e.target.value
                : e.target.valueAsNumber,
          )
        }
      />
    </Row>
  );
}

function BooleanWidget({ field, path, value, onChange }: WidgetProps) {
  const { control, error, errorId } = useFieldIds(path);
  return (
    <div className={error ? 'form-field form-field--invalid' : 'form-field'}>
      <label className="field-form__check">
        <input
          {...control}
          type="checkbox"
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
        />{' '}
        {field.label}
      </label>
      <Help field={field} />
      <ErrorText id={errorId} error={error} />
    </div>
  );
}

function ChoiceWidget({
  field,
  path,
  value,
  onChange,
  options,
  none,
}: WidgetProps & { options: readonly { value: string; label: string }[]; none: string }) {
  const { control } = useFieldIds(path);
  return (
    <Row path={path} field={field}>
      <select
        {...control}
        value={asText(value)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
      >
        {field.optional && <option value="">{none}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Row>
  );
}

const ICON_OPTIONS = ICON_NAMES.map((name) => ({ value: name, label: name }));

function ImageWidget({ field, path, value, onChange }: WidgetProps) {
  const { control, id } = useFieldIds(path);
  const [picking, setPicking] = useState(false);
  const src = asText(value);
  return (
    <Row path={path} field={field}>
      <div className="field-form__image">
        {src && <img src={src} alt="" width={64} height={48} className="field-form__thumb" />}
        <input
          {...control}
          type="text"
          inputMode="url"
          placeholder="/media/… or https://…"
          value={src}
          onChange={(e) =>
            onChange(field.optional && e.target.value === '' ? undefined : e.target.value)
          }
        />
        <button
          type="button"
          className="btn btn--outline"
          aria-describedby={id}
          onClick={() => setPicking(true)}
        >
          Choose from library
        </button>
      </div>
      {picking && (
        <MediaPicker
          title={`Choose the ${field.label.toLowerCase()} from the library`}
          currentId={[...libraryImageIds(src)][0]}
          onPick={(item) => {
            setPicking(false);
            onChange(item.src, item);
            document.getElementById(id)?.focus();
          }}
          onClose={() => setPicking(false)}
        />
      )}
    </Row>
  );
}

/**
 * Move up / Move down / Remove of one item of a list. After a move the focus follows the item to
 * its new place (on the same button, or the other one at an end of the list).
 */
export function ItemControls({
  baseId,
  name,
  index,
  count,
  canRemove,
  onMove,
  onRemove,
}: {
  /** The item's id: its buttons are `<baseId>-up`, `-down`, `-remove`. */
  baseId: string;
  /** How the buttons name the item ("Question 2"). */
  name: string;
  index: number;
  count: number;
  canRemove: boolean;
  onMove: (to: number, button: 'up' | 'down') => void;
  onRemove: () => void;
}) {
  return (
    <div className="field-form__item-actions" role="group" aria-label={`${name}: order`}>
      <button
        id={`${baseId}-up`}
        type="button"
        className="btn btn--outline btn--small"
        disabled={index === 0}
        aria-label={`Move ${name} up`}
        onClick={() => onMove(index - 1, 'up')}
      >
        ↑ Up
      </button>
      <button
        id={`${baseId}-down`}
        type="button"
        className="btn btn--outline btn--small"
        disabled={index === count - 1}
        aria-label={`Move ${name} down`}
        onClick={() => onMove(index + 1, 'down')}
      >
        ↓ Down
      </button>
      <button
        id={`${baseId}-remove`}
        type="button"
        className="btn btn--outline btn--small btn--danger"
        disabled={!canRemove}
        aria-label={`Remove ${name}`}
        onClick={onRemove}
      >
        Remove
      </button>
    </div>
  );
}

/**
 * Focus an element once the next render is on screen: after a move or an addition the item's new
 * place exists only then. `focusLater(id)`; the element named first that exists and is enabled wins.
 */
export function useFocusAfterRender(): (...ids: string[]) => void {
  const pending = useRef<string[] | null>(null);
  useEffect(() => {
    const ids = pending.current;
    if (!ids) return;
    pending.current = null;
    for (const id of ids) {
      const el = document.getElementById(id);
      if (el && !(el instanceof HTMLButtonElement && el.disabled)) {
        el.focus();
        return;
      }
    }
  });
  return (...ids) => {
    pending.current = ids;
  };
}

/** The position sentence of a move, read out in the live region. */
export const movedText = (name: string, to: number, count: number): string =>
  `${name} moved to position ${to + 1} of ${count}`;

/** The order buttons' focus after a move: the same button, or the other at an end. */
const afterMove = (baseId: string, button: 'up' | 'down'): [string, string] => [
  `${baseId}-${button}`,
  `${baseId}-${button === 'up' ? 'down' : 'up'}`,
];

/**
 * The editing a list widget does on its items: `set` (an optional list left empty becomes absent)
 * and the Move up / Move down / Remove controls of each item, whose focus follows the item moved,
 * or after a removal goes to `afterRemove` of the item before (or to Add), with a sentence in the
 * live region.
 */
function useListItems<T>({
  field,
  path,
  items,
  min,
  onChange,
  afterRemove,
}: {
  field: Field;
  path: FieldPath;
  items: readonly T[];
  min: number;
  onChange: (value: unknown) => void;
  /** The element to focus after a removal, given the id of the item before the removed one. */
  afterRemove: (itemId: string) => string;
}) {
  const { idOf, announce } = useScope();
  const focusLater = useFocusAfterRender();
  const id = idOf(path);
  const set = (next: T[]) => onChange(field.optional && next.length === 0 ? undefined : next);
  const controls = (i: number, name: string) => ({
    baseId: idOf([...path, i]),
    name,
    index: i,
    count: items.length,
    canRemove: items.length > min,
    onMove: (to: number, button: 'up' | 'down') => {
      set(moveItem(items, i, to));
      focusLater(...afterMove(idOf([...path, to]), button));
      announce(movedText(name, to, items.length));
    },
    onRemove: () => {
      set(items.filter((_, j) => j !== i));
      focusLater(afterRemove(idOf([...path, Math.max(0, i - 1)])), `${id}-add`);
      announce(`${name} removed`);
    },
  });
  return { set, controls, focusLater };
}

/** The fieldset of a list widget: its label, help and own error, the items, and Add while below the most. */
function ListFieldset({
  field,
  path,
  full,
  addName,
  addText,
  onAdd,
  children,
}: {
  field: Field;
  path: FieldPath;
  /** The list holds the most items it may: Add is disabled. */
  full: boolean;
  /** The accessible name of Add, where its text does not say what it adds to. */
  addName?: string;
  addText: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  const { id, error, errorId } = useFieldIds(path);
  return (
    <fieldset className={error ? 'field-form__list form-field--invalid' : 'field-form__list'}>
      <legend>
        {field.label}
        {field.optional ? ' (optional)' : ''}
      </legend>
      <Help field={field} />
      <ErrorText id={errorId} error={error} focusable />
      {children}
      <button
        id={`${id}-add`}
        type="button"
        className="btn btn--outline"
        disabled={full}
        aria-label={addName}
        onClick={onAdd}
      >
        {addText}
      </button>
    </fieldset>
  );
}

function StringsWidget({
  field,
  path,
  value,
  onChange,
  widget,
}: WidgetProps & { widget: FieldWidget & { kind: 'strings' } }) {
  const { idOf, errors } = useScope();
  const items = asArray(value).map(asText);
  const { set, controls, focusLater } = useListItems({
    field,
    path,
    items,
    min: widget.min,
    onChange,
    afterRemove: (itemId) => itemId,
  });
  return (
    <ListFieldset
      field={field}
      path={path}
      full={items.length >= widget.max}
      addName={`Add to ${field.label}`}
      addText="Add"
      onAdd={() => {
        set([...items, '']);
        focusLater(idOf([...path, items.length]));
      }}
    >
      <ol className="field-form__strings">
        {items.map((item, i) => {
          const itemPath = [...path, i];
          const itemId = idOf(itemPath);
          const itemError = errors.get(pathKey(itemPath));
          return (
            <li key={i} className="field-form__string">
              <label htmlFor={itemId} className="visually-hidden">
                {field.label} {i + 1}
              </label>
              {widget.item.multiline ? (
                <textarea
                  id={itemId}
                  rows={3}
                  maxLength={widget.item.max}
                  value={item}
                  aria-invalid={itemError ? true : undefined}
                  aria-describedby={itemError ? `${itemId}-error` : undefined}
                  onChange={(e) => set(items.map((x, j) => (j === i ? e.target.value : x)))}
                />
              ) : (
                <input
                  id={itemId}
                  type="text"
                  maxLength={widget.item.max}
                  value={item}
                  aria-invalid={itemError ? true : undefined}
                  aria-describedby={itemError ? `${itemId}-error` : undefined}
                  onChange={(e) => set(items.map((x, j) => (j === i ? e.target.value : x)))}
                />
              )}
              <ErrorText id={`${itemId}-error`} error={itemError} />
              <ItemControls {...controls(i, `${field.label} ${i + 1}`)} />
            </li>
          );
        })}
      </ol>
    </ListFieldset>
  );
}

function ListWidget({
  field,
  path,
  value,
  onChange,
  widget,
}: WidgetProps & { widget: FieldWidget & { kind: 'list' } }) {
  const { idOf, announce } = useScope();
  const items = asArray(value).map(asRecord);
  const { set, controls, focusLater } = useListItems({
    field,
    path,
    items,
    min: widget.min,
    onChange,
    afterRemove: (itemId) => `${itemId}-up`,
  });
  const firstField = Object.keys(widget.fields)[0];
  return (
    <ListFieldset
      field={field}
      path={path}
      full={items.length >= widget.max}
      addText={`Add ${widget.itemLabel.toLowerCase()}`}
      onAdd={() => {
        set([...items, blankFields(widget.fields)]);
        focusLater(
          ...(firstField ? [idOf([...path, items.length, firstField])] : []),
          `${idOf([...path, items.length])}-up`,
        );
        announce(`${widget.itemLabel} ${items.length + 1} added`);
      }}
    >
      {items.map((item, i) => {
        const itemPath = [...path, i];
        const itemId = idOf(itemPath);
        const name = `${widget.itemLabel} ${i + 1}`;
        return (
          <fieldset key={i} id={itemId} className="field-form__item">
            <legend>{name}</legend>
            <ItemControls {...controls(i, name)} />
            <FieldsForm
              fields={widget.fields}
              path={itemPath}
              value={item}
              onChange={(next) => set(items.map((x, j) => (j === i ? next : x)))}
            />
          </fieldset>
        );
      })}
    </ListFieldset>
  );
}

/** An optional group or button: absent until added, removable again. */
function Optional({
  field,
  path,
  value,
  onChange,
  blank,
  children,
}: WidgetProps & { blank: () => unknown; children: ReactNode }) {
  const { idOf } = useScope();
  const focusLater = useFocusAfterRender();
  const id = idOf(path);
  if (!field.optional) return <>{children}</>;
  if (value === undefined)
    return (
      <div className="form-field">
        <button
          id={`${id}-add`}
          type="button"
          className="btn btn--outline"
          onClick={() => {
            onChange(blank());
            focusLater(`${id}-remove`);
          }}
        >
          Add {field.label.toLowerCase()}
        </button>
      </div>
    );
  return (
    <div className="field-form__optional-part">
      {children}
      <button
        id={`${id}-remove`}
        type="button"
        className="btn btn--link btn--danger"
        onClick={() => {
          onChange(undefined);
          focusLater(`${id}-add`);
        }}
      >
        Remove {field.label.toLowerCase()}
      </button>
    </div>
  );
}

function GroupWidget({
  field,
  path,
  value,
  onChange,
  widget,
}: WidgetProps & { widget: FieldWidget & { kind: 'group' } }) {
  const { error, errorId } = useFieldIds(path);
  return (
    <Optional
      field={field}
      path={path}
      value={value}
      onChange={onChange}
      blank={() => blankFields(widget.fields)}
    >
      <fieldset className="field-form__group">
        <legend>{field.label}</legend>
        <Help field={field} />
        <ErrorText id={errorId} error={error} focusable />
        <FieldsForm
          fields={widget.fields}
          path={path}
          value={asRecord(value)}
          onChange={onChange}
        />
      </fieldset>
    </Optional>
  );
}

/** A button of a section: its text, where it goes (an address, or a part of this page) and what it means out of context. */
function ActionWidget({ field, path, value, onChange }: WidgetProps) {
  const { idOf, errors, warnings } = useScope();
  const { error, errorId } = useFieldIds(path);
  const action = asRecord(value);
  const scrolls = typeof action.scrollTo === 'string';
  const part = (name: string, label: string, input: ReactNode) => {
    const p = [...path, name];
    const partError = errors.get(pathKey(p));
    const warning = warnings?.get(pathKey(p));
    return (
      <div className={partError ? 'form-field form-field--invalid' : 'form-field'}>
        <label htmlFor={idOf(p)}>{label}</label>
        {input}
        <ErrorText id={`${idOf(p)}-error`} error={partError} />
        {warning && (
          <p id={`${idOf(p)}-warning`} className="form-field__warning">
            {warning}
          </p>
        )}
      </div>
    );
  };
  const text = (name: string, max: number, placeholder?: string) => {
    const p = [...path, name];
    const partError = errors.get(pathKey(p)) ?? (name === 'label' ? error : undefined);
    return (
      <input
        id={idOf(p)}
        type="text"
        maxLength={max}
        placeholder={placeholder}
        value={asText(action[name])}
        aria-invalid={partError ? true : undefined}
        aria-describedby={
          [
            partError ? (errors.has(pathKey(p)) ? `${idOf(p)}-error` : errorId) : undefined,
            warnings?.has(pathKey(p)) ? `${idOf(p)}-warning` : undefined,
          ]
            .filter(Boolean)
            .join(' ') || undefined
        }
        onChange={(e) => {
          const next: Record<string, unknown> = { ...action, [name]: e.target.value };
          if (name === 'context' && e.target.value === '') delete next.context;
          onChange(next);
        }}
      />
    );
  };
  return (
    <Optional
      field={field}
      path={path}
      value={value}
      onChange={onChange}
      blank={() => ({ label: '', href: '' })}
    >
      <fieldset className="field-form__group">
        <legend>{field.label}</legend>
        <ErrorText id={errorId} error={error} />
        {part('label', 'Button text', text('label', 80))}
        {part(
          'kind',
          'Goes to',
          <select
            id={idOf([...path, 'kind'])}
            value={scrolls ? 'scroll' : 'href'}
            onChange={(e) => {
              const { href: _h, scrollTo: _s, ...rest } = action;
              onChange(
                e.target.value === 'scroll' ? { ...rest, scrollTo: '' } : { ...rest, href: '' },
              );
            }}
          >
            <option value="href">An address (a page, a site, mailto:, tel:)</option>
            <option value="scroll">A part of this page (its id)</option>
          </select>,
        )}
        {scrolls
          ? part('scrollTo', 'Id of the part to scroll to', text('scrollTo', 80, 'enquiry'))
          : part('href', 'Address', text('href', 1000, '/contact or https://…'))}
        {part(
          'context',
          'What it does, for screen readers (optional)',
          text('context', 200, 'e.g. about our SEO services'),
        )}
      </fieldset>
    </Optional>
  );
}

/** One field of a form, by its widget. */
export function FieldInput(props: WidgetProps) {
  const w = props.field.widget;
  switch (w.kind) {
    case 'text':
      return <TextWidget {...props} widget={w} />;
    case 'richText':
      return <RichTextWidget {...props} />;
    case 'number':
      return <NumberWidget {...props} widget={w} />;
    case 'boolean':
      return <BooleanWidget {...props} />;
    case 'select':
      return <ChoiceWidget {...props} options={w.options} none="Default" />;
    case 'icon':
      return <ChoiceWidget {...props} options={ICON_OPTIONS} none="No icon" />;
    case 'image':
      return <ImageWidget {...props} />;
    case 'strings':
      return <StringsWidget {...props} widget={w} />;
    case 'list':
      return <ListWidget {...props} widget={w} />;
    case 'group':
      return <GroupWidget {...props} widget={w} />;
    case 'action':
      return <ActionWidget {...props} />;
  }
}

/**
 * The form of an object of fields (a block, a list item, the site settings), generated from their
 * declarations (shared block-fields.ts): one widget per field, lists and groups recursively.
 */
export function FieldsForm({
  fields,
  path,
  value,
  onChange,
}: {
  fields: Readonly<Record<string, Field>>;
  path: FieldPath;
  value: Readonly<Record<string, unknown>>;
  onChange: (value: Record<string, unknown>) => void;
}) {
  return (
    <>
      {Object.entries(fields).map(([name, field]) => (
        <FieldInput
          key={name}
          field={field}
          path={[...path, name]}
          value={value[name]}
          onChange={(v, picked) => {
            const next: Record<string, unknown> = { ...value };
            if (v === undefined) delete next[name];
            else next[name] = v;
            if (picked) Object.assign(next, altOnPick(fields, value, name, picked));
            onChange(next);
          }}
        />
      ))}
    </>
  );
}

/** Focus the first field in error inside `root` (a control marked invalid, or a list's own message). */
export function focusFirstError(root: HTMLElement | null): boolean {
  const target = root?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error-focus]');
  if (!target) return false;
  // A rich text is a group marked invalid: its editable area takes the caret.
  const control = target.matches('input, select, textarea, button, [tabindex]')
    ? target
    : (target.querySelector<HTMLElement>('[contenteditable="true"], input, textarea') ?? target);
  control.scrollIntoView?.({ block: 'center' });
  control.focus({ preventScroll: true });
  return true;
}
