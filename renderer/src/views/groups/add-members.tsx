/**
 * Adding contacts to a static group (`Add to Group`): pick contacts one by one by typing part of
 * their name (the shared SearchableSelect over the cached contacts), then add them together (at
 * most 500 at a time, the contract's limit). Queued like every change, so it works offline.
 */
import { useState } from 'react';
import type { Group } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { ChosenList } from '../../components/forms/chosen-list';
import { contactOptions } from '../../components/forms/contact-options';
import { SearchableSelect, type SelectOption } from '../../components/forms/searchable-select';
import { pluralize } from '../../lib/format';
import { useAccess } from '../../lib/use-access';
import { useBridge } from '../../stores/stores-context';
import { useGroupWrite } from './use-group-write';

/** Most contacts one `Add to Group` takes (api/openapi.yaml, GroupAddMembers). */
const maxMembersPerAdd = 500;

/** Renders the picker and the chosen contacts for `group`. */
export function AddMembers({ group }: { group: Group }) {
  const bridge = useBridge();
  const write = useGroupWrite();
  const [chosen, setChosen] = useState<SelectOption[]>([]);
  const access = useAccess('addToGroup', group);

  const search = (text: string) =>
    contactOptions(bridge, text, chosen, (contact) => contact.companyName ?? contact.email);

  async function add() {
    const contactIds = chosen.map((option) => option.id);
    if (await write.run(() => bridge.call('groups.addMembers', { members: { groupId: group.id, contactIds } })))
      setChosen([]);
  }

  return (
    <div className="group-add-members">
      <SearchableSelect
        label="Add a contact"
        value={null}
        noneLabel="No contact"
        placeholder="Type part of a name"
        search={search}
        onChange={(option) => {
          if (option && chosen.length < maxMembersPerAdd) setChosen((current) => [...current, option]);
        }}
        hint={
          chosen.length >= maxMembersPerAdd
            ? `At most ${maxMembersPerAdd} contacts at a time: add these first.`
            : undefined
        }
      />
      <ChosenList
        label="Contacts to add"
        chosen={chosen}
        onRemove={(id) => setChosen((current) => current.filter((o) => o.id !== id))}
      />
      {write.error ? (
        <p className="form-error" role="alert">
          {write.error}
        </p>
      ) : null}
      <ActionButton
        className="button"
        disabled={chosen.length === 0 || write.busy}
        refusal={access.reason}
        onClick={() => void add()}
      >
        {chosen.length ? `Add ${pluralize(chosen.length, 'contact')} to the group` : 'Add contacts to the group'}
      </ActionButton>
    </div>
  );
}
