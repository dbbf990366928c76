import type { TAuditEntry } from '@laurel/contract';

const whenFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** '22 Nov 2026, 13:33:41' in the browser's time zone. */
export const formatWhen = (iso: string) => whenFormat.format(new Date(iso));

/** The person who did it, or 'System' for what no signed-in person did. */
export const whoOf = (entry: Pick<TAuditEntry, 'actor_name'>) => entry.actor_name?.trim() || 'System';
