/** Demo branches: a headquarters per company at its address, and a few more locations in real cities. */
import type { Faker } from '@faker-js/faker';
import type { Branch, BranchKind, BranchRepo } from '../db/branches';
import type { Company } from '../db/companies';
import { cityPositions } from './branch-places';
import { pastIso } from './people';
import { cities } from './vocabulary';

const kindLabels: Record<BranchKind, string> = {
  headquarters: 'headquarters',
  office: 'office',
  warehouse: 'warehouse',
  store: 'store',
  factory: 'plant',
  serviceCenter: 'service centre',
};

const openingHours: Record<BranchKind, string> = {
  headquarters: 'Mo-Fr 08:00-18:00',
  office: 'Mo-Fr 08:00-17:00',
  warehouse: 'Mo-Fr 06:00-22:00',
  store: 'Mo-Sa 09:00-19:00',
  factory: 'Mo-Fr 06:00-22:00; Sa 06:00-14:00',
  serviceCenter: 'Mo-Fr 07:00-18:00',
};

const ownerPlace = { city: 'Asheville', country: 'US', dial: '+1 828', postal: '288##' };

/** Seeds 1–4 branches per company (the headquarters first); returns them. */
export function seedBranches(repo: BranchRepo, f: Faker, now: number, companies: Company[], ownerId: string): Branch[] {
  const made: Branch[] = [];
  const digits = (pattern: string) => pattern.replace(/#/g, () => String(f.number.int(9)));
  for (const company of companies) {
    const home =
      company.id === ownerId ? ownerPlace : (cities.find((c) => c.city === company.address.city) ?? cities[0]);
    const domain = company.website?.replace(/^https:\/\/www\./, '') ?? null;
    const others = f.helpers.arrayElements(
      cities.filter((c) => c.city !== home.city && (c.country === home.country || f.number.int(5) === 0)),
      { min: 0, max: 3 },
    );
    const places = [home, ...others];
    places.forEach((place, i) => {
      const kind: BranchKind =
        i === 0 ? 'headquarters' : f.helpers.arrayElement(['office', 'warehouse', 'store', 'factory', 'serviceCenter']);
      const position = cityPositions[place.city];
      const at = pastIso(f, now, 1, 700);
      made.push(
        repo.save(
          f.string.uuid(),
          {
            companyId: company.id,
            name: i === 0 ? `${company.name} headquarters` : `${place.city} ${kindLabels[kind]}`,
            kind,
            address:
              i === 0
                ? { ...company.address }
                : {
                    street: f.location.streetAddress(),
                    city: place.city,
                    postalCode: digits(place.postal),
                    country: place.country,
                  },
            latitude: Math.round((position.latitude + f.number.float({ min: -0.04, max: 0.04 })) * 1e5) / 1e5,
            longitude: Math.round((position.longitude + f.number.float({ min: -0.06, max: 0.06 })) * 1e5) / 1e5,
            phone: `${place.dial} ${digits('### ####')}`,
            email: domain ? `${place.city.toLowerCase()}@${domain}` : null,
            openingHours: f.number.int(9) === 0 ? null : openingHours[kind],
          },
          { createdAt: pastIso(f, now, 700, 1400), updatedAt: at },
        ),
      );
    });
  }
  return made;
}
