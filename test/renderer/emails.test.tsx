import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FakeBridge } from './fake-bridge';
import { installCompanies } from './fakes-companies';
import { installEmails, makeAttachment, makeEmail } from './fakes-emails';
import { queuedDownload } from './fakes-transfers';
import { renderApp, signedInBridge } from './render-app';

type User = ReturnType<typeof renderApp>['user'];

/** A bridge whose first contact with a company has three e-mails; the second has two attachments and an HTML body. */
function emailsBridge(given: FakeBridge | Parameters<typeof signedInBridge>[0] = {}) {
  const bridge = 'handle' in given ? (given as FakeBridge) : signedInBridge(given);
  const contact = bridge.data.contacts.find((c) => c.company)!;
  const at = { contactId: contact.id, companyId: contact.companyId };
  const emails = installEmails(bridge, [
    makeEmail(3, 'Quote Q-1042 for HP-200', { ...at }),
    makeEmail(1, 'Order confirmation 7781', {
      ...at,
      direction: 'inbound',
      attachmentCount: 2,
      cc: [{ name: null, email: 'sales@acme.example' }],
      text: '',
      html: '<p>Hello <b>Dana</b>,</p><script>window.hacked = true</script><img src="https://tracker.example/p.png" onerror="window.hacked = true"><ul><li>Press</li><li>Dies</li></ul><p>See <a href="https://acme.example/order">the order</a>.</p>',
    }),
    makeEmail(2, '', { ...at }),
  ]);
  const emailId = emails.emails[1].id;
  emails.attachments.set(emailId, [
    makeAttachment(1, emailId, 'Order 7781.pdf', 18_342),
    makeAttachment(2, emailId, 'setup.exe', 2_000_000),
  ]);
  return { bridge, contact, emails, emailId };
}

async function openContact(user: User, name: string) {
  const list = await screen.findByRole('listbox', { name: 'Contacts' });
  await user.click(within(list).getAllByRole('option', { name: new RegExp(name) })[0]);
  return within(screen.getByRole('region', { name: 'Contact details' })).findByRole('region', { name: 'E-mails' });
}

describe('e-mails on record pages', () => {
  it("lists a contact's e-mails newest first and opens one: headers, and an HTML body as its text only", async () => {
    const { bridge, contact } = emailsBridge();
    const { user } = renderApp(bridge);
    const section = await openContact(user, contact.firstName);

    const table = await within(section).findByRole('table', { name: 'E-mails of this contact' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('button').textContent)).toEqual([
      'Order confirmation 7781',
      '(no subject)',
      'Quote Q-1042 for HP-200',
    ]);
    expect(rows[0].textContent).toContain('Received · 2 attachments');
    expect(rows[0].textContent).toContain('Avery Quinn to Dana Holt');
    expect(within(rows[0]).getByRole('time').textContent).toBe('Nov 24, 2026');
    expect(rows[2].textContent).toContain('Sent · No attachments');
    expect(bridge.callsTo('emails.list')[0]).toEqual({ contactId: contact.id });

    await user.click(within(rows[0]).getByRole('button', { name: 'Order confirmation 7781' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order confirmation 7781' });
    const message = await within(dialog).findByRole('article', { name: 'E-mail: Order confirmation 7781' });
    expect(message.textContent).toContain('Avery Quinn <avery.quinn@blueridge-mfg.example>');
    expect(message.textContent).toContain('Dana Holt <dana.holt@acme.example>');
    expect(message.textContent).toContain('sales@acme.example');
    expect(message.textContent).toContain('Received');

    // No text body: the HTML version's text is shown, and none of its HTML reaches the page.
    const body = within(message).getByRole('region', { name: 'Message body' });
    expect(body.textContent).toBe('Hello Dana,\n\n• Press\n• Dies\n\nSee the order (https://acme.example/order).');
    expect(body.children).toHaveLength(0);
    expect(dialog.querySelector('img, script, b')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(within(message).getByRole('button', { name: 'Text of the HTML version' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await user.click(within(message).getByRole('button', { name: 'Plain text' }));
    expect(body.textContent).toBe('This e-mail has no text.');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('pages through the e-mails as the service pages them: older, then newer again', async () => {
    const { bridge, contact, emails } = emailsBridge();
    emails.pageSize = 2;
    const { user } = renderApp(bridge);
    const section = await openContact(user, contact.firstName);
    await within(section).findByRole('button', { name: 'Order confirmation 7781' });
    const pages = () => within(section).getByRole('navigation', { name: 'E-mail pages' });
    expect((within(pages()).getByRole('button', { name: 'Newer e-mails' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(pages()).getByRole('button', { name: 'Older e-mails' }));
    await within(section).findByRole('button', { name: 'Quote Q-1042 for HP-200' });
    expect(within(section).queryByRole('button', { name: 'Order confirmation 7781' })).toBeNull();
    expect(bridge.callsTo('emails.list').at(-1)).toEqual({ contactId: contact.id, cursor: '2' });
    expect(within(pages()).getByText('Page 2')).toBeTruthy();
    expect((within(pages()).getByRole('button', { name: 'Older e-mails' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(pages()).getByRole('button', { name: 'Newer e-mails' }));
    await within(section).findByRole('button', { name: 'Order confirmation 7781' });
    expect(bridge.callsTo('emails.list').at(-1)).toEqual({ contactId: contact.id });
  });

  it('downloads an attachment with its progress, opens it, warns before opening a program, and saves the message', async () => {
    const { bridge, contact, emails, emailId } = emailsBridge();
    const [pdf, exe] = emails.attachments.get(emailId)!;
    const transfer = (name: string, id: string, documentId: string | null = null) =>
      queuedDownload(name, { id, documentId });
    bridge.handle('emails.downloadAttachment', ({ attachmentId }) =>
      transfer(attachmentId === pdf.id ? pdf.fileName : exe.fileName, `t-${attachmentId}`, attachmentId),
    );
    bridge.handle('emails.openAttachment', ({ attachmentId, confirm }) =>
      attachmentId === exe.id && !confirm
        ? {
            url: null,
            warning: {
              fileName: 'setup.exe',
              fileType: 'a Windows program',
              message: 'setup.exe is a Windows program: it can run code on your computer.',
            },
          }
        : { url: null },
    );
    bridge.handle('emails.downloadMessage', () => transfer('Order confirmation 7781.eml', 't-message'));
    const { user } = renderApp(bridge);
    const section = await openContact(user, contact.firstName);
    await user.click(await within(section).findByRole('button', { name: 'Order confirmation 7781' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order confirmation 7781' });
    const attachments = await within(dialog).findByRole('region', { name: 'Attachments' });
    const items = await within(attachments).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Order 7781.pdfapplication/pdf · 18.3 KB'),
      expect.stringContaining('setup.exeapplication/octet-stream · 2 MB'),
    ]);
    const openPdf = within(items[0]).getByRole('button', { name: 'Open Order 7781.pdf' }) as HTMLButtonElement;
    expect(openPdf.disabled).toBe(true);

    await user.click(within(items[0]).getByRole('button', { name: 'Download Order 7781.pdf' }));
    expect(bridge.callsTo('emails.downloadAttachment')).toEqual([{ emailId, attachmentId: pdf.id }]);
    expect(await within(items[0]).findByText('Waiting to start…')).toBeTruthy();
    const started = transfer(pdf.fileName, `t-${pdf.id}`, pdf.id);
    bridge.emit('transfer.progress', { ...started, state: 'running', bytesDone: 12_000 });
    expect(await within(items[0]).findByText('Downloading… 12 KB so far')).toBeTruthy();
    emails.attachments.set(emailId, [{ ...pdf, localPath: '/home/dana/Downloads/Order 7781.pdf' }, exe]);
    bridge.emit('transfer.progress', {
      ...started,
      state: 'done',
      bytesDone: pdf.size,
      bytesTotal: pdf.size,
      localPath: '/home/dana/Downloads/Order 7781.pdf',
    });
    expect(
      await within(items[0]).findByText('Saved on this computer: /home/dana/Downloads/Order 7781.pdf'),
    ).toBeTruthy();
    await waitFor(() => expect(openPdf.disabled).toBe(false));
    await user.click(openPdf);
    expect(bridge.callsTo('emails.openAttachment')).toEqual([{ emailId, attachmentId: pdf.id }]);

    // A program opens only after the warning.
    emails.attachments.set(emailId, [
      { ...pdf, localPath: '/home/dana/Downloads/Order 7781.pdf' },
      { ...exe, localPath: '/home/dana/Downloads/setup.exe' },
    ]);
    await user.click(within(items[1]).getByRole('button', { name: 'Download setup.exe' }));
    bridge.emit('transfer.progress', {
      ...transfer(exe.fileName, `t-${exe.id}`, exe.id),
      state: 'done',
      localPath: '/home/dana/Downloads/setup.exe',
    });
    const openExe = within(items[1]).getByRole('button', { name: 'Open setup.exe' }) as HTMLButtonElement;
    await waitFor(() => expect(openExe.disabled).toBe(false));
    await user.click(openExe);
    const warning = await screen.findByRole('dialog', { name: 'Open setup.exe?' });
    expect(warning.textContent).toContain('it can run code on your computer');
    await user.click(within(warning).getByRole('button', { name: 'Open anyway' }));
    expect(bridge.callsTo('emails.openAttachment').at(-1)).toEqual({ emailId, attachmentId: exe.id, confirm: true });

    await user.click(within(dialog).getByRole('button', { name: 'Download message' }));
    expect(bridge.callsTo('emails.downloadMessage')).toEqual([{ id: emailId }]);
    bridge.emit('transfer.progress', {
      ...transfer('Order confirmation 7781.eml', 't-message'),
      state: 'done',
      localPath: '/home/dana/Downloads/Order confirmation 7781.eml',
    });
    expect(
      await within(dialog).findByText('Saved on this computer: /home/dana/Downloads/Order confirmation 7781.eml'),
    ).toBeTruthy();
  });

  it('says in words why a download fails', async () => {
    const { bridge, contact, emails, emailId } = emailsBridge();
    const [pdf] = emails.attachments.get(emailId)!;
    bridge.handle('emails.downloadAttachment', () => {
      throw Object.assign(new Error('The message the BRM service sent has no attachment Order 7781.pdf.'), {
        code: 'server_error',
      });
    });
    const { user } = renderApp(bridge);
    const section = await openContact(user, contact.firstName);
    await user.click(await within(section).findByRole('button', { name: 'Order confirmation 7781' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order confirmation 7781' });
    await user.click(await within(dialog).findByRole('button', { name: `Download ${pdf.fileName}` }));
    expect(
      await within(dialog).findByText(
        'Order 7781.pdf could not be downloaded: The message the BRM service sent has no attachment Order 7781.pdf.',
      ),
    ).toBeTruthy();
  });

  it('offline shows the kept e-mails with their age; an attachment waits in the queue with the reason, the message says it needs the service', async () => {
    const { bridge, contact, emails, emailId } = emailsBridge({
      sync: { ...signedInBridge().data.sync, state: 'offline' },
    });
    const [pdf] = emails.attachments.get(emailId)!;
    const reason = 'Waiting for the service — it downloads by itself when the connection is back.';
    bridge.handle('emails.downloadAttachment', ({ attachmentId }) =>
      queuedDownload(pdf.fileName, { id: 't-queued', documentId: attachmentId, bytesTotal: pdf.size, error: reason }),
    );
    emails.fetchedAt = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    const { user } = renderApp(bridge);
    const section = await openContact(user, contact.firstName);
    expect(await within(section).findByText('E-mails as of 2 hours ago (offline).')).toBeTruthy();
    expect((within(section).getByRole('button', { name: 'Refresh e-mails' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(section).getByRole('button', { name: 'Order confirmation 7781' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order confirmation 7781' });
    expect(await within(dialog).findByText('This e-mail as of 2 hours ago (offline).')).toBeTruthy();
    expect(
      await within(dialog).findByText(
        'You are offline: an attachment you download waits and starts by itself when the connection is back. Attachments already on this computer still open.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Download Order 7781.pdf' }));
    expect(await within(dialog).findByText(reason)).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: 'Download Order 7781.pdf' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(within(dialog).getByText('Downloading the whole message needs the service; you are offline.')).toBeTruthy();
    expect((within(dialog).getByRole('button', { name: 'Download message' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    emails.fetchedAt = null;
    const other = bridge.data.contacts.find((c) => c.firstName !== contact.firstName)!;
    const otherSection = await openContact(user, other.firstName);
    expect(
      await within(otherSection).findByText('Not fetched yet: the e-mails show once the service can be reached.'),
    ).toBeTruthy();
  });

  it("shows a company's e-mails on its page", async () => {
    const bridge = signedInBridge();
    // The companies' reads first: they answer an empty e-mail list, which installEmails replaces.
    installCompanies(bridge);
    const { contact } = emailsBridge(bridge);
    const { user } = renderApp(bridge);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: /^Companies/ }));
    const list = await screen.findByRole('listbox', { name: 'Companies' });
    await user.click(await within(list).findByRole('option', { name: new RegExp(`^${contact.company!.name}`) }));
    const page = await screen.findByRole('region', { name: 'Company page' });
    const section = within(page).getByRole('region', { name: 'E-mails' });
    const table = await within(section).findByRole('table', { name: 'E-mails of this company' });
    expect(within(table).getAllByRole('row')).toHaveLength(4);
    expect(bridge.callsTo('emails.list')[0]).toEqual({ companyId: contact.companyId });
  });
});
