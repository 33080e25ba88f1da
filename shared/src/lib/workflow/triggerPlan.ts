import { isScalar, isSeq } from 'yaml';
import type { EditContext } from './editContext';
import type { Plan } from './intent';
import type { JsonValue, TriggerFilter } from './irPatch';
import { deleteKey, setKey } from './mapEdits';
import { checkTraversable, childMap, findPair, isNullValue, type MapRef } from './navigate';
import { refuse } from './refusal';

/**
 * Replaces `on.<event>.<filter>`; an empty list removes the filter. `on: push` and `on: [a, b]`
 * are rewritten as a mapping first, since a filter needs one. Only existing triggers are edited.
 */
export function planTriggerFilters(
  ctx: EditContext,
  root: MapRef,
  event: string,
  filter: TriggerFilter,
  value: string[],
): Plan | null {
  const onPair = findPair(root.node, 'on');
  if (!onPair || isNullValue(onPair.value)) refuse('the workflow has no on: triggers');
  const on = onPair.value;
  checkTraversable(on, 'on');
  if (isScalar(on)) {
    if (String(on.value) !== event) refuse(`"${event}" is not a trigger of this workflow (on: ${String(on.value)})`);
    return value.length === 0 ? null : setKey(ctx, root, 'on', { [event]: { [filter]: value } });
  }
  if (isSeq(on)) {
    const events = on.items.map((item) => (isScalar(item) ? String(item.value) : ''));
    if (!events.includes(event)) refuse(`"${event}" is not a trigger of this workflow (on: [${events.join(', ')}])`);
    if (value.length === 0) return null;
    const triggers = Object.fromEntries(events.map((name): [string, JsonValue] => [name, name === event ? { [filter]: value } : null]));
    return setKey(ctx, root, 'on', triggers, { flowMap: false });
  }
  const onMap = childMap(root, 'on') as MapRef;
  if (!findPair(onMap.node, event)) {
    const events = onMap.node.items.map((pair) => String(isScalar(pair.key) ? pair.key.value : pair.key));
    refuse(`"${event}" is not a trigger of this workflow; the triggers are: ${events.join(', ')}`);
  }
  const eventMap = childMap(onMap, event);
  if (!eventMap) return value.length === 0 ? null : setKey(ctx, onMap, event, { [filter]: value });
  return value.length === 0 ? deleteKey(ctx, eventMap, filter) : setKey(ctx, eventMap, filter, value);
}
