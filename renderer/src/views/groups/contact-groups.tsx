/**
 * The static groups a contact is a member of, on the contact's page (`Get Static Groups` with
 * `contactId`, kept with its age offline), each opening in Groups; and adding the contact to
 * another static group, chosen among every static group (`Get Static Groups`), queued like every
 * change (`Add to Group`), so it works offline too. Only the groups the access rules let the user
 * add to are offered (`addToGroup`: lib/use-access.ts); how many others there are is said, and why.
 */
import { useState } from 'react';
import { SelectField } from '../../components/forms/form-field';
import { pluralize } from '../../lib/format';
import { useAccessJudge } from '../../lib/use-access';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useReloadOnReconnect } from '../../lib/use-reload-on-reconnect';
import { useBridge, useUi } from '../../stores/stores-context';
import { KeptAgeNote } from '../../components/kept-age';
import { useGroupWrite } from './use-group-write';

/** Renders the groups of contact `contactId`. */
export function ContactGroups({ contactId }: { contactId: string }) {
  const bridge = useBridge();
  const write = useGroupWrite();
  const select = useUi((s) => s.select);
  const setView = useUi((s) => s.setView);
  const [groupId, setGroupId] = useState('');
  const mine = useBridgeQuery('groups.static', { contactId }, ['outbox']);
  const every = useBridgeQuery('groups.static', {}, ['outbox']);
  useReloadOnReconnect(mine.reload);
  const memberOf = mine.data?.value.groups ?? [];
  const judge = useAccessJudge();
  const notMemberOf = (every.data?.value.groups ?? []).filter((group) => !memberOf.some((m) => m.id === group.id));
  const others = notMemberOf.filter((group) => judge('addToGroup', group).allowed);
  const refused = notMemberOf.find((group) => !judge('addToGroup', group).allowed);

  async function add() {
    const members = { groupId, contactIds: [contactId] };
    if (await write.run(() => bridge.call('groups.addMembers', { members }))) setGroupId('');
  }

  return (
    <section className="contact-groups" aria-label="Groups">
      <h3 className="contact-groups-title">Groups</h3>
      <KeptAgeNote subject="Groups of this contact" fetchedAt={mine.data?.fetchedAt ?? null} />
      {mine.data && memberOf.length === 0 ? (
        <p className="muted">
          {mine.data.fetchedAt === null
            ? 'Not known yet: they show once the service has answered for this contact.'
            : 'In no static group.'}
        </p>
      ) : null}
      {memberOf.length ? (
        <ul className="contact-groups-list" aria-label="Static groups of this contact">
          {memberOf.map((group) => (
            <li key={group.id}>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  select('groups', group.id);
                  setView('groups');
                }}
              >
                {group.name}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {others.length ? (
        <div className="contact-groups-add">
          <SelectField
            label="Add to a static group"
            value={groupId}
            onChange={setGroupId}
            options={[{ value: '', label: 'Choose a group' }, ...others.map((g) => ({ value: g.id, label: g.name }))]}
            error={write.error ?? undefined}
          />
          <button type="button" className="button" disabled={!groupId || write.busy} onClick={() => void add()}>
            Add
          </button>
        </div>
      ) : null}
      {refused ? (
        <p className="muted">
          {pluralize(notMemberOf.length - others.length, 'static group')} not offered to add to:{' '}
          {judge('addToGroup', refused).reason}
        </p>
      ) : null}
    </section>
  );
}
