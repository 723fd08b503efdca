/**
 * Deterministic sample data in the contract's shapes, for renderer tests and for looking at the
 * views with a fake bridge. No randomness: the same arguments always give the same records.
 */
import type { AppInfo, Company, ContactDetail, DocumentDetail, Folder, SignedInUser } from '../../preload/contract';

const firstNames = [
  'Ada',
  'Bruno',
  'Chloé',
  'Daniel',
  'Elif',
  'Farid',
  'Greta',
  'Hugo',
  'Ines',
  'Jonas',
  'Kira',
  'Luca',
  'Maya',
  'Nils',
  'Olga',
  'Pavel',
  'Rosa',
  'Sami',
  'Tessa',
  'Umar',
  'Vera',
  'Wim',
  'Yara',
  'Zeno',
];
const lastNames = [
  'Andersen',
  'Bianchi',
  'Costa',
  'Dubois',
  'Eriksen',
  'Fischer',
  'García',
  'Hansen',
  'Ivanova',
  'Jansen',
  'Kowalski',
  'Laurent',
  'Meyer',
  'Novak',
  'Olsen',
  'Petrov',
  'Quinn',
  'Rossi',
  'Schmidt',
  'Tanaka',
  'Urban',
  'Vogel',
  'Weber',
  'Young',
];
const jobTitles = [
  'Purchasing Manager',
  'Account Executive',
  'Head of Finance',
  'Operations Lead',
  'CTO',
  'Procurement Specialist',
  'Marketing Director',
  'Office Manager',
  'Sales Engineer',
  null,
];
const industries = [
  'Manufacturing',
  'Logistics',
  'Retail',
  'Healthcare',
  'Software',
  'Energy',
  'Construction',
  'Food & Beverage',
];
const cities: ReadonlyArray<[string, string, string]> = [
  ['Hamburg', '20095', 'Germany'],
  ['Lyon', '69002', 'France'],
  ['Milan', '20121', 'Italy'],
  ['Rotterdam', '3011', 'Netherlands'],
  ['Vienna', '1010', 'Austria'],
  ['Zurich', '8001', 'Switzerland'],
];
const types: ContactDetail['type'][] = ['customer', 'prospect', 'partner', 'supplier', 'employee'];

/** A UUID-shaped id derived from `kind` (0–15) and `n`, stable across runs. */
export function fakeId(kind: number, n: number): string {
  const hex = n.toString(16).padStart(12, '0');
  return `${kind.toString(16).padStart(8, '0')}-0000-4000-8000-${hex}`;
}

const baseTime = Date.UTC(2026, 10, 20, 9, 30);

/** `n` companies. */
export function makeCompanies(n: number): Company[] {
  const stems = [
    'Nordwind',
    'Atlas',
    'Bergmann',
    'Cobalt',
    'Delta',
    'Elbe',
    'Falcon',
    'Granit',
    'Helios',
    'Iris',
    'Juniper',
    'Kestrel',
  ];
  const suffixes = ['GmbH', 'Logistics', 'Systems', 'Foods', 'AG', 'Partners'];
  return Array.from({ length: n }, (_, i) => {
    const [city, postalCode, country] = cities[i % cities.length];
    const name = `${stems[i % stems.length]} ${suffixes[Math.floor(i / stems.length) % suffixes.length]}${i >= stems.length * suffixes.length ? ` ${i}` : ''}`;
    return {
      id: fakeId(2, i + 1),
      name,
      industry: industries[i % industries.length],
      website: `https://www.${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example`,
      phone: `+49 40 ${String(100000 + i * 37).slice(0, 6)}`,
      street: `${['Hafenstraße', 'Rue de la République', 'Via Torino', 'Coolsingel'][i % 4]} ${(i % 90) + 1}`,
      city,
      postalCode,
      country,
      updatedAt: new Date(baseTime - i * 3_600_000).toISOString(),
    };
  });
}

/** `n` contacts, sorted by last name then first name, linked round-robin to `companies`. */
export function makeContacts(n: number, companies: readonly Company[]): ContactDetail[] {
  const contacts = Array.from({ length: n }, (_, i): ContactDetail => {
    const firstName = firstNames[i % firstNames.length];
    const lastName = lastNames[Math.floor(i / firstNames.length) % lastNames.length];
    const company = companies.length > 0 && i % 7 !== 6 ? companies[i % companies.length] : null;
    const [city, , country] = cities[i % cities.length];
    const suffix =
      i >= firstNames.length * lastNames.length ? ` ${Math.floor(i / (firstNames.length * lastNames.length)) + 1}` : '';
    return {
      id: fakeId(1, i + 1),
      firstName,
      lastName: `${lastName}${suffix}`,
      email:
        `${firstName}.${lastName}${suffix.trim()}@${company ? company.name.toLowerCase().replace(/[^a-z0-9]+/g, '') : 'mail'}.example`.toLowerCase(),
      phone: `+49 171 ${String(1_000_000 + i * 131).slice(0, 7)}`,
      jobTitle: jobTitles[i % jobTitles.length],
      companyId: company?.id ?? null,
      companyName: company?.name ?? null,
      type: types[i % types.length],
      state: i % 23 === 22 ? 'archived' : 'active',
      city,
      country,
      updatedAt: new Date(baseTime - i * 60_000).toISOString(),
      syncState: 'synced',
      company,
    };
  });
  return contacts.sort((a, b) => a.lastName.localeCompare(b.lastName) || a.firstName.localeCompare(b.firstName));
}

/**
 * A small folder tree: three top-level folders, two with subfolders, all made by the demo user.
 * Counts are filled by `makeDocuments`.
 */
export function makeFolders(): Folder[] {
  const folder = (n: number, name: string, parent: number | null): Folder => ({
    id: fakeId(3, n),
    parentId: parent === null ? null : fakeId(3, parent),
    name,
    ownerId: fakeId(5, 1),
    documentCount: 0,
  });
  return [
    folder(1, 'Contracts', null),
    folder(2, 'Framework agreements', 1),
    folder(3, 'Purchase orders', 1),
    folder(4, 'Marketing', null),
    folder(5, 'Campaign assets', 4),
    folder(6, 'Price lists', null),
    folder(7, 'Archive 2025', null),
  ];
}

/** `perFolder[i]` documents in folder i (default 40, 25, 60, 12, 30, 8, 0) and updates the folders' counts. */
export function makeDocuments(
  folders: Folder[],
  perFolder: readonly number[] = [40, 25, 60, 12, 30, 8, 0],
): DocumentDetail[] {
  const titles = [
    'Master services agreement',
    'Quarterly price list',
    'Purchase order',
    'Data processing addendum',
    'Campaign brief',
    'Delivery note',
    'Statement of work',
    'Product sheet',
  ];
  const states: DocumentDetail['state'][] = ['approved', 'draft', 'pendingApproval', 'approved', 'rejected'];
  const documents: DocumentDetail[] = [];
  folders.forEach((folder, f) => {
    const count = perFolder[f] ?? 0;
    folder.documentCount = count;
    for (let i = 0; i < count; i++) {
      const n = documents.length + 1;
      const title = `${titles[(i + f) % titles.length]} ${2026 - (i % 3)}-${String((i % 12) + 1).padStart(2, '0')}`;
      const pdf = i % 4 !== 3;
      documents.push({
        id: fakeId(4, n),
        folderId: folder.id,
        name: `${title.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${pdf ? 'pdf' : 'xlsx'}`,
        title,
        contentType: pdf ? 'application/pdf' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        size: 12_000 + ((n * 7919) % 4_800_000),
        state: states[(i + f) % states.length],
        updatedAt: new Date(baseTime - n * 5_400_000).toISOString(),
        sha256: (n * 2_654_435_761).toString(16).padStart(64, '0').slice(0, 64),
        crc32: ((n * 2_654_435_761) >>> 0).toString(16).padStart(8, '0'),
        ownerId: fakeId(5, 1),
        ownerName: 'Dana Demo',
        createdAt: new Date(baseTime - n * 9_000_000).toISOString(),
        localPath: null,
      });
    }
  });
  return documents;
}

/** The demo user. */
export const demoUser: SignedInUser = {
  id: fakeId(5, 1),
  firstName: 'Dana',
  lastName: 'Demo',
  email: 'dana.demo@brm.example',
};

/** App facts as the browser-mode host reports them with its embedded demo service. */
export const demoInfo: AppInfo = {
  version: '0.1.0',
  mode: 'browser',
  defaultServerUrl: 'http://127.0.0.1:4010',
  demoCredentials: { username: 'dana.demo@brm.example', password: 'demo-password' },
  dataDir: '/home/dana/.config/brm-desktop',
  downloadsDir: '/home/dana/Downloads',
  maxUploadBytes: 100 * 1024 * 1024,
};
