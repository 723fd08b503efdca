/**
 * Where the Branch Locator searches from, and how far: latitude and longitude typed in degrees,
 * this computer's position (`navigator.geolocation`, when the app is allowed to ask), or a company's
 * location (its headquarters, else its first branch, from `branches.ofCompany`); the radius in km
 * and an optional kind. Bad input is said next to its field and nothing is searched.
 */
import { type FormEvent, useState } from 'react';
import { type BranchKind, branchKinds, locatorQuerySchema } from '../../../../preload/contract';
import { SelectField, TextField } from '../../components/forms/form-field';
import { errorMessage } from '../../lib/errors';
import { useBridge } from '../../stores/stores-context';
import { branchKindLabel } from '../companies/related-labels';
import { CompanyPicker } from '../contacts/company-picker';
import type { MapPoint } from './locator-map';

/** A search: the point (with what it is, in words), the radius in km and an optional kind. */
export interface LocatorSearch extends MapPoint {
  /** What the point is ("Kestrel GmbH, Headquarters", "Your position", "A point on the map"). */
  place: string;
  radiusKm: number;
  kind: BranchKind | '';
}

const kindOptions: ReadonlyArray<{ value: BranchKind | ''; label: string }> = [
  { value: '', label: 'Every kind' },
  ...branchKinds.map((kind) => ({ value: kind, label: branchKindLabel[kind] })),
];

/** Text typed as degrees or km, as a number (a comma taken as the decimal point); NaN when it is not one. */
function numberOf(text: string): number {
  const trimmed = text.trim().replace(',', '.');
  return /^[-+]?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export interface LocatorPlaceProps {
  search: LocatorSearch | null;
  onSearch(search: LocatorSearch): void;
}

/** Renders the form; mount it with a `key` of the search so a point picked elsewhere shows in its fields. */
export function LocatorPlace({ search, onSearch }: LocatorPlaceProps) {
  const bridge = useBridge();
  const [latitude, setLatitude] = useState(search ? String(search.latitude) : '');
  const [longitude, setLongitude] = useState(search ? String(search.longitude) : '');
  const [radius, setRadius] = useState(String(search?.radiusKm ?? 250));
  const [kind, setKind] = useState<BranchKind | ''>(search?.kind ?? '');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [company, setCompany] = useState<{ id: string; name: string } | null>(null);

  /** Checks the fields with the bridge's own schema and searches; says what is wrong otherwise. */
  function submit(point: MapPoint, place: string) {
    const input = { latitude: point.latitude, longitude: point.longitude, radiusKm: numberOf(radius) };
    const checked = locatorQuerySchema.safeParse(input);
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0]);
        found[field] ??=
          field === 'latitude'
            ? 'A latitude is a number of degrees from -90 (south) to 90 (north).'
            : field === 'longitude'
              ? 'A longitude is a number of degrees from -180 (west) to 180 (east).'
              : 'The radius is a number of km, more than 0 and at most 20000.';
      }
      setErrors(found);
      return;
    }
    setErrors({});
    setNotice(null);
    onSearch({ ...checked.data, place, kind });
  }

  function typed(event: FormEvent) {
    event.preventDefault();
    const point = { latitude: numberOf(latitude), longitude: numberOf(longitude) };
    const same = search && point.latitude === search.latitude && point.longitude === search.longitude;
    submit(point, same ? search.place : 'the coordinates typed');
  }

  function myPosition() {
    if (!('geolocation' in navigator)) {
      setNotice('This computer cannot tell its position. Type coordinates or choose a company instead.');
      return;
    }
    setNotice('Asking for your position…');
    navigator.geolocation.getCurrentPosition(
      (position) =>
        submit({ latitude: position.coords.latitude, longitude: position.coords.longitude }, 'your position'),
      (failure) =>
        setNotice(
          `Your position is not available (${failure.message || 'not allowed'}). Type coordinates or choose a company instead.`,
        ),
      { timeout: 10_000, maximumAge: 600_000 },
    );
  }

  async function fromCompany(chosen: { id: string; name: string } | null) {
    setCompany(chosen);
    if (!chosen) return;
    try {
      const rows = (await bridge.call('branches.ofCompany', { companyId: chosen.id })).value.filter(
        (row) => row.queued?.kind !== 'delete',
      );
      const home = rows.find((row) => row.branch.kind === 'headquarters') ?? rows[0];
      if (!home) {
        setNotice(`${chosen.name} has no branch with a position known here. Choose another place.`);
        return;
      }
      submit(home.branch, `${chosen.name}, ${home.branch.name}`);
    } catch (err) {
      setNotice(`The location of ${chosen.name} could not be read: ${errorMessage(err)}`);
    }
  }

  return (
    <form className="locator-place" aria-label="Search from" onSubmit={typed} noValidate>
      <div className="locator-place-fields">
        <TextField
          label="Latitude"
          placeholder="53.55"
          hint="South is negative"
          value={latitude}
          error={errors.latitude}
          onChange={setLatitude}
        />
        <TextField
          label="Longitude"
          placeholder="9.99"
          hint="West is negative"
          value={longitude}
          error={errors.longitude}
          onChange={setLongitude}
        />
        <TextField label="Radius (km)" value={radius} error={errors.radiusKm} onChange={setRadius} />
        <SelectField<BranchKind> label="Kind" value={kind} options={kindOptions} onChange={setKind} />
        <div className="locator-place-company">
          <CompanyPicker
            companyId={company?.id ?? ''}
            companyName={company?.name ?? ''}
            onChange={(chosen) => void fromCompany(chosen)}
            noneLabel="No company"
            noneHint="Or from a company's headquarters"
          />
        </div>
        <div className="locator-place-actions">
          <button type="submit" className="button button-primary">
            Search here
          </button>
          <button type="button" className="button" onClick={myPosition}>
            Use my position
          </button>
        </div>
      </div>
      {notice ? (
        <p className="locator-notice" role="status">
          {notice}
        </p>
      ) : null}
    </form>
  );
}
