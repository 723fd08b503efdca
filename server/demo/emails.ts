/**
 * Demo e-mails between the owner's people and contacts of customer companies: quotes, orders,
 * service and meeting threads, some with an HTML body and a quarter with real attachments (PDF
 * quotes, CSV price lists, PNG photos, text notes) stored in the FileStore.
 */
import type { Faker } from '@faker-js/faker';
import type { Contact } from '../db/contacts';
import type { EmailRepo } from '../db/emails';
import type { ServiceStore } from '../db/store';
import { makeCsv, makePdf, makePng, makeText } from './files';
import { type DemoPeople, pastIso } from './people';
import { ownerCompany, products } from './vocabulary';

interface Topic {
  subject: (product: string, ref: number) => string;
  body: (product: string, ref: number) => string[];
  attachment?: 'quote' | 'priceList' | 'photo' | 'notes';
}

const topics: Topic[] = [
  {
    subject: (p, ref) => `Quote Q-${ref} for ${p}`,
    body: (p, ref) => [
      `please find attached our quote Q-${ref} for the ${p}, including installation and commissioning.`,
      'The prices are valid for 60 days. Delivery is 8 to 10 weeks after the order confirmation.',
    ],
    attachment: 'quote',
  },
  {
    subject: (_p, ref) => `Order confirmation ${ref}`,
    body: (p, ref) => [
      `thank you for your order ${ref}. We confirm the ${p} as specified in your purchase order.`,
      'Our logistics team will get in touch to agree on the delivery date.',
    ],
  },
  {
    subject: (p) => `Updated price list: ${p} and spare parts`,
    body: (p) => [
      `as announced, our price list changes at the start of next quarter. The ${p} line is included.`,
      'The attached file lists every article with its new price.',
    ],
    attachment: 'priceList',
  },
  {
    subject: (p) => `Service visit for your ${p}`,
    body: (p) => [
      `our technician has scheduled the yearly maintenance of your ${p}.`,
      'Please make sure the machine is switched off and accessible on the morning of the visit.',
    ],
    attachment: 'photo',
  },
  {
    subject: () => 'Follow-up on our meeting',
    body: (p) => [
      `thanks again for your time today. As discussed, we will prepare a proposal for the ${p}.`,
      'My notes of the meeting are attached; let me know if I missed anything.',
    ],
    attachment: 'notes',
  },
  {
    subject: (p) => `Question about the ${p}`,
    body: (p) => [
      `we are considering the ${p} for our new plant. Could you tell us the power requirements and footprint?`,
      'A short call next week would also work for us.',
    ],
  },
];

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The demo attachment files, made once per seeding: name, content type and bytes. */
async function attachmentFiles(f: Faker, now: number) {
  const quote = await makePdf(
    'Quotation',
    `${ownerCompany.name} - sales`,
    products.slice(0, 6).map((p) => `${p}: ${f.commerce.price({ min: 8000, max: 90000, dec: 0 })} USD`),
    new Date(now),
  );
  const priceList = makeCsv([
    ['Article', 'Product', 'Price (USD)'],
    ...products.map((p, i) => [`A-${1000 + i}`, p, f.commerce.price({ min: 200, max: 90000, dec: 2 })]),
  ]);
  const photo = makePng(96, 64, () => f.number.float());
  const notes = makeText([
    'Meeting notes',
    '',
    ...f.helpers.multiple(() => `- ${f.company.buzzPhrase()}`, { count: 5 }),
  ]);
  return {
    quote: { name: (ref: number) => `Quote Q-${ref}.pdf`, contentType: 'application/pdf', bytes: quote },
    priceList: { name: () => 'Price list.csv', contentType: 'text/csv', bytes: priceList },
    photo: { name: (ref: number) => `Machine photo ${ref}.png`, contentType: 'image/png', bytes: photo },
    notes: { name: () => 'Meeting notes.txt', contentType: 'text/plain', bytes: notes },
  };
}

/** Writes `count` demo e-mails (about a quarter with attachments); returns when their files are written. */
export async function seedEmails(
  store: ServiceStore,
  emails: EmailRepo,
  f: Faker,
  now: number,
  people: DemoPeople,
  count: number,
): Promise<void> {
  const files = await attachmentFiles(f, now);
  const companies = people.companies.filter((c) => (people.contactsByCompany.get(c.id) ?? []).some((x) => x.email));
  if (!companies.length) return;
  const staff = [people.demoUser, ...people.employees];
  const address = (c: Contact) => ({ name: `${c.firstName} ${c.lastName}`, email: c.email as string });
  const writes: Array<Promise<void>> = [];
  for (let i = 0; i < count; i++) {
    const company = f.helpers.arrayElement(companies);
    const contacts = (people.contactsByCompany.get(company.id) ?? []).filter((c) => c.email);
    const contact = f.helpers.arrayElement(contacts);
    const employee = f.number.int(99) < 60 ? people.demoUser : f.helpers.arrayElement(staff);
    const direction = f.helpers.arrayElement(['inbound', 'outbound'] as const);
    const topic = f.helpers.arrayElement(topics);
    const product = f.helpers.arrayElement(products);
    const ref = f.number.int({ min: 24000, max: 26999 });
    const [sender, recipient] = direction === 'outbound' ? [employee, contact] : [contact, employee];
    const colleague = contacts.find((c) => c.id !== contact.id);
    const cc = colleague && f.number.int(99) < 25 ? [address(colleague)] : [];
    const subject = (f.number.int(99) < 30 ? 'Re: ' : '') + topic.subject(product, ref);
    const paragraphs = [
      `Hello ${recipient.firstName},`,
      ...topic.body(product, ref),
      `Best regards,\n${sender.firstName} ${sender.lastName}`,
    ];
    const html =
      f.number.int(99) < 40 ? paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('') : null;
    const sentAt = pastIso(f, now, 0, 180);
    const attach =
      topic.attachment && direction === 'outbound' && f.number.int(99) < 70 ? [files[topic.attachment]] : [];
    if (attach.length && f.number.int(99) < 20) attach.push(files.notes);
    const id = f.string.uuid();
    emails.save(
      id,
      {
        messageId: `<${id}@${direction === 'outbound' ? ownerCompany.domain : (contact.email as string).split('@')[1]}>`,
        from: address(sender),
        to: [address(recipient)],
        cc,
        subject,
        text: paragraphs.join('\n\n'),
        html,
        sentAt,
        direction,
        contactId: contact.id,
        companyId: company.id,
        attachmentCount: attach.length,
      },
      { createdAt: sentAt, updatedAt: sentAt },
    );
    for (const file of attach) {
      const attachmentId = f.string.uuid();
      const { digest, written } = store.files.writeFile(attachmentId, file.bytes);
      writes.push(written);
      emails.saveAttachment(
        attachmentId,
        {
          emailId: id,
          fileName: file.name(ref),
          contentType: file.contentType,
          size: digest.size,
          sha256: digest.sha256,
        },
        { createdAt: sentAt, updatedAt: sentAt },
      );
    }
  }
  await Promise.all(writes);
}
