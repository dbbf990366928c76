import {
  BUTTON_LABELS,
  SEGMENT_MESSAGES,
  SEGMENT_NAME_MAX_LENGTH,
  type TSaveSegmentRequest,
} from '@laurel/contract';
import { Button, Group, Paper, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { SegmentActionsSection } from '@/features/segments/components/segment-actions-section';
import { SegmentRulesSection } from '@/features/segments/components/segment-rules-section';
import {
  actionKey,
  isSameValues,
  newAction,
  newRule,
  ruleKey,
  settleFilterValue,
  settleQuantity,
  type TActionField,
  type TActionValues,
  type TRuleField,
  type TRuleValues,
  type TSegmentFormErrors,
  type TSegmentFormValues,
  withoutItem,
} from '@/features/segments/segment-form-values';
import { SEGMENT_TEXTS } from '@/features/segments/segment-format';
import { lazyModule } from '@/ui/lazy-module';
import { SectionCard } from '@/ui/section-card';
import { useEditedFlag } from '@/ui/use-edited-flag';
import { useLazyChecks } from '@/ui/use-lazy-checks';

const segmentChecks = lazyModule(() => import('@/features/segments/segment-validation'));

/** Hints sit under the inputs, as in the other editors. */
const HINT_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

export type TSegmentFormProps = {
  /** The form's accessible name. */
  label: string;
  initialValues: TSegmentFormValues;
  isNew: boolean;
  /** System segments, or a user without the flag: everything shows, nothing changes. */
  readOnly?: boolean;
  /** Field errors the server gave for the last save. */
  errors?: TSegmentFormErrors;
  submitting?: boolean;
  onSubmit: (body: TSaveSegmentRequest, values: TSegmentFormValues) => void;
};

const NO_ERRORS: TSegmentFormErrors = {};

/**
 * The segment editor (spec 2 §2, §5): Basic Information, Segment Rules, Segment Actions. Save reads Create or
 * Update; it is enabled once something was edited and stays disabled while any error shows. Errors appear when a
 * value field is left or Save is pressed, and editing a field clears its own.
 */
export const SegmentForm = ({
  label,
  initialValues,
  isNew,
  readOnly = false,
  errors: serverErrors = NO_ERRORS,
  submitting = false,
  onSubmit,
}: TSegmentFormProps) => {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<TSegmentFormErrors>(serverErrors);
  const [focusError, setFocusError] = useState(false);
  const edited = useEditedFlag(!isSameValues(values, initialValues));
  // Loaded once something is edited, so that leaving a field or saving finds them ready.
  useLazyChecks(segmentChecks, edited);
  const errorCount = Object.keys(errors).length;

  // The server's errors of the last save join whatever the form already shows.
  useEffect(() => {
    if (Object.keys(serverErrors).length > 0) setErrors((current) => ({ ...current, ...serverErrors }));
  }, [serverErrors]);

  // After a refused Save, the first field in error comes into view. A text field takes the focus; a picker only
  // scrolls, since focusing it would open its list over the message.
  useEffect(() => {
    if (!focusError) return;
    setFocusError(false);
    const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    if (field.getAttribute('aria-haspopup') === 'listbox') field.scrollIntoView?.({ block: 'center' });
    else field.focus();
  }, [focusError]);

  const errorOf = (key: string) => errors[key];
  const clear = (...keys: string[]) =>
    setErrors((current) => {
      if (!keys.some((key) => key in current)) return current;
      const next = { ...current };
      for (const key of keys) delete next[key];
      return next;
    });
  /** Shows the error the field has now, if any (on leaving it). */
  const check = async (key: string, next: TSegmentFormValues) => {
    const result = (await segmentChecks.get()).parseSegmentForm(next);
    const message = result.ok ? undefined : result.errors[key];
    if (message) setErrors((current) => ({ ...current, [key]: message }));
  };

  const setName = (name: string) => {
    setValues((current) => ({ ...current, name }));
    clear('name');
  };

  const changeRule = <K extends TRuleField>(id: string, field: K, value: TRuleValues[K]) => {
    setValues((current) => ({
      ...current,
      filters: current.filters.map((rule) => (rule.id === id ? { ...rule, [field]: value } : rule)),
    }));
    // A rule that now tests all players has no fields left to be wrong.
    if (field === 'type') setErrors((current) => withoutItem(current, 'filters', id));
    else clear(ruleKey(id, field));
  };

  const changeAction = <K extends TActionField>(id: string, field: K, value: TActionValues[K]) => {
    setValues((current) => ({
      ...current,
      actions: current.actions.map((action) => (action.id === id ? { ...action, [field]: value } : action)),
    }));
    if (field === 'type') setErrors((current) => withoutItem(current, 'actions', id));
    else clear(actionKey(id, field));
  };

  const settleRuleValue = (id: string) => {
    const next = {
      ...values,
      filters: values.filters.map((rule) =>
        rule.id === id ? { ...rule, filter_value: settleFilterValue(rule.filter_value) } : rule,
      ),
    };
    setValues(next);
    void check(ruleKey(id, 'filter_value'), next);
  };

  const settleActionQuantity = (id: string) => {
    const next = {
      ...values,
      actions: values.actions.map((action) =>
        action.id === id ? { ...action, quantity: settleQuantity(action.quantity) } : action,
      ),
    };
    setValues(next);
    void check(actionKey(id, 'quantity'), next);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (readOnly || !edited || errorCount > 0) return;
    const result = (await segmentChecks.get()).parseSegmentForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      setFocusError(true);
      return;
    }
    onSubmit(result.body, values);
  };

  const cancel = () => {
    setValues(initialValues);
    setErrors({});
  };

  return (
    <form ref={formRef} aria-label={label} onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="lg">
        <SectionCard title={SEGMENT_MESSAGES.basicInformation}>
          <TextInput
            label="Name"
            inputWrapperOrder={HINT_BELOW}
            description={isNew ? SEGMENT_TEXTS.nameHintCreate : SEGMENT_TEXTS.nameHintEdit}
            required
            disabled={!isNew || readOnly}
            maxLength={SEGMENT_NAME_MAX_LENGTH}
            autoComplete="off"
            value={values.name}
            onChange={(event) => setName(event.currentTarget.value)}
            onBlur={() => check('name', values)}
            error={errorOf('name')}
          />
          <Textarea
            label="Description"
            // Not autosize: it needs document.fonts, which the component tests' DOM lacks.
            rows={3}
            maxLength={1000}
            disabled={readOnly}
            value={values.description}
            onChange={(event) => {
              const description = event.currentTarget.value;
              setValues((current) => ({ ...current, description }));
              clear('description');
            }}
            error={errorOf('description')}
          />
        </SectionCard>
        <SegmentRulesSection
          rules={values.filters}
          errorOf={errorOf}
          readOnly={readOnly}
          onAdd={() => setValues((current) => ({ ...current, filters: [...current.filters, newRule()] }))}
          onRemove={(id) => {
            setValues((current) => ({
              ...current,
              filters: current.filters.filter((rule) => rule.id !== id),
            }));
            setErrors((current) => withoutItem(current, 'filters', id));
          }}
          onChange={changeRule}
          onValueBlur={settleRuleValue}
        />
        <SegmentActionsSection
          actions={values.actions}
          errorOf={errorOf}
          readOnly={readOnly}
          onAdd={() => setValues((current) => ({ ...current, actions: [...current.actions, newAction()] }))}
          onRemove={(id) => {
            setValues((current) => ({
              ...current,
              actions: current.actions.filter((action) => action.id !== id),
            }));
            setErrors((current) => withoutItem(current, 'actions', id));
          }}
          onChange={changeAction}
          onQuantityBlur={settleActionQuantity}
        />
        {!readOnly && (
          <Paper
            withBorder
            radius="md"
            p="sm"
            shadow="sm"
            pos="sticky"
            bottom={12}
            style={{ zIndex: 2 }}
            aria-label="Form actions"
            role="group"
          >
            {/* On a narrow screen the message takes its own line above the buttons. */}
            <Group justify="space-between" gap="sm">
              <Text size="sm" c={errorCount > 0 ? 'red' : 'dimmed'} aria-live="polite">
                {errorCount > 0
                  ? SEGMENT_TEXTS.fixErrors(errorCount)
                  : edited
                    ? SEGMENT_TEXTS.unsaved
                    : SEGMENT_TEXTS.noChanges}
              </Text>
              <Group gap="sm" wrap="nowrap" ml="auto">
                {edited && (
                  <Button variant="default" onClick={cancel} disabled={submitting}>
                    {BUTTON_LABELS.cancel}
                  </Button>
                )}
                <Button type="submit" disabled={!edited || errorCount > 0} loading={submitting}>
                  {isNew ? BUTTON_LABELS.create : BUTTON_LABELS.update}
                </Button>
              </Group>
            </Group>
          </Paper>
        )}
      </Stack>
    </form>
  );
};
