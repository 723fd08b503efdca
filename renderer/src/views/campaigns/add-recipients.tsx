/**
 * Adding recipients to a campaign (`Add Campaign Recipient`): contacts picked one by one by typing
 * part of their name (the shared SearchableSelect over the cached contacts), or the members of a
 * dynamic group (the Groups area's `groups.list`; its filter applied to the cached contacts by the
 * core). Sent at once: it needs the service, and says so offline. What the service did is said in
 * words (added, already on it, left out).
 */
import { useState } from 'react';
import type { CampaignRecipientsAdded } from '../../../../preload/contract';
import { SelectField } from '../../components/forms/form-field';
import { ActionButton } from '../../components/action-button';
import { ChosenList } from '../../components/forms/chosen-list';
import { contactOptions } from '../../components/forms/contact-options';
import { SearchableSelect, type SelectOption } from '../../components/forms/searchable-select';
import { errorMessage } from '../../lib/errors';
import { pluralize } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { needsServiceMessage, useOnline } from '../../lib/use-online';
import { useBridge } from '../../stores/stores-context';

/** What adding did, in words. */
export function addedWords(result: CampaignRecipientsAdded): string {
  const parts = [`${pluralize(result.added, 'recipient')} added`];
  if (result.alreadyAdded) parts.push(`${result.alreadyAdded} already on the campaign`);
  if (result.leftOut) parts.push(`${result.leftOut} left out: no e-mail address, or archived`);
  return `${parts.join('; ')}. It has ${pluralize(result.campaign.recipientCount, 'recipient')} now.`;
}

export interface AddRecipientsProps {
  campaignId: string;
  /** Why the access rules refuse adding recipients to this campaign (`addCampaignRecipient`); null when allowed. */
  refusal: string | null;
  /** Called after recipients were added. */
  onAdded(): void;
}

/** Renders the two ways to add recipients. */
export function AddRecipients({ campaignId, refusal, onAdded }: AddRecipientsProps) {
  const bridge = useBridge();
  const online = useOnline();
  const [chosen, setChosen] = useState<SelectOption[]>([]);
  const [groupId, setGroupId] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ text: string; error: boolean } | null>(null);
  const groups = useBridgeQuery('groups.list', { kind: 'dynamic' });
  const groupOptions = [
    { value: '', label: 'Choose a group' },
    ...(groups.data?.value.groups ?? []).map((g) => ({
      value: g.id,
      label: `${g.name} (${pluralize(g.memberCount, 'member')})`,
    })),
  ];

  const search = (text: string) =>
    contactOptions(bridge, text, chosen, (contact) => contact.email ?? 'No e-mail address: the service refuses it');

  async function run(add: () => Promise<CampaignRecipientsAdded>, after: () => void) {
    setBusy(true);
    setSaid(null);
    try {
      setSaid({ text: addedWords(await add()), error: false });
      after();
      onAdded();
    } catch (reason) {
      setSaid({ text: `Nothing was added: ${errorMessage(reason)}`, error: true });
    } finally {
      setBusy(false);
    }
  }

  const contactIds = chosen.map((option) => option.id);
  return (
    <section className="campaign-add" aria-label="Add recipients">
      <div className="campaign-add-way">
        <SearchableSelect
          label="Add a contact"
          value={null}
          noneLabel="No contact"
          placeholder="Type part of a name"
          search={search}
          onChange={(option) => option && setChosen((current) => [...current, option])}
        />
        <ChosenList
          label="Contacts to add"
          chosen={chosen}
          onRemove={(id) => setChosen((current) => current.filter((o) => o.id !== id))}
        />
        <ActionButton
          className="button button-small"
          refusal={refusal}
          disabled={!online || busy || chosen.length === 0}
          onClick={() =>
            void run(
              () => bridge.call('campaigns.addRecipients', { campaignId, contactIds }),
              () => setChosen([]),
            )
          }
        >
          {chosen.length ? `Add ${pluralize(chosen.length, 'contact')}` : 'Add contacts'}
        </ActionButton>
      </div>
      <div className="campaign-add-way">
        <SelectField
          label="Add the members of a group"
          value={groupId}
          options={groupOptions}
          hint="Dynamic groups: the contacts matching the group's criteria. The service does not list a static group's members."
          onChange={setGroupId}
        />
        <ActionButton
          className="button button-small"
          refusal={refusal}
          disabled={!online || busy || !groupId}
          onClick={() =>
            void run(
              () => bridge.call('campaigns.addGroup', { campaignId, groupId }),
              () => setGroupId(''),
            )
          }
        >
          Add group members
        </ActionButton>
      </div>
      {!online ? <p className="note">{needsServiceMessage}</p> : null}
      {said ? (
        <p className={said.error ? 'form-error' : 'note'} role={said.error ? 'alert' : 'status'}>
          {said.text}
        </p>
      ) : null}
    </section>
  );
}
