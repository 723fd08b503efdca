/** Fixed word lists that make the demo data look like a real business's. */

/** Industries of demo companies. */
export const industries = [
  'Industrial machinery',
  'Automotive supply',
  'Food processing',
  'Logistics',
  'Construction',
  'Retail',
  'Wholesale',
  'Healthcare',
  'Pharmaceuticals',
  'Energy',
  'Telecommunications',
  'Software',
  'Consulting',
  'Financial services',
  'Insurance',
  'Agriculture',
  'Packaging',
  'Chemicals',
  'Textiles',
  'Hospitality',
];

/** Cities with their ISO 3166-1 alpha-2 country, phone prefix and a postal-code pattern (# = digit). */
export const cities: Array<{ city: string; country: string; dial: string; postal: string }> = [
  { city: 'Chicago', country: 'US', dial: '+1 312', postal: '606##' },
  { city: 'Denver', country: 'US', dial: '+1 303', postal: '802##' },
  { city: 'Atlanta', country: 'US', dial: '+1 404', postal: '303##' },
  { city: 'Seattle', country: 'US', dial: '+1 206', postal: '981##' },
  { city: 'Boston', country: 'US', dial: '+1 617', postal: '021##' },
  { city: 'Austin', country: 'US', dial: '+1 512', postal: '787##' },
  { city: 'Toronto', country: 'CA', dial: '+1 416', postal: 'M5V 2T6' },
  { city: 'Vancouver', country: 'CA', dial: '+1 604', postal: 'V6B 1A1' },
  { city: 'London', country: 'GB', dial: '+44 20', postal: 'EC1A 1BB' },
  { city: 'Manchester', country: 'GB', dial: '+44 161', postal: 'M1 1AE' },
  { city: 'Dublin', country: 'IE', dial: '+353 1', postal: 'D02 X285' },
  { city: 'Berlin', country: 'DE', dial: '+49 30', postal: '10###' },
  { city: 'Munich', country: 'DE', dial: '+49 89', postal: '80###' },
  { city: 'Hamburg', country: 'DE', dial: '+49 40', postal: '20###' },
  { city: 'Paris', country: 'FR', dial: '+33 1', postal: '750##' },
  { city: 'Lyon', country: 'FR', dial: '+33 4', postal: '690##' },
  { city: 'Amsterdam', country: 'NL', dial: '+31 20', postal: '10## AB' },
  { city: 'Rotterdam', country: 'NL', dial: '+31 10', postal: '30## CD' },
  { city: 'Zurich', country: 'CH', dial: '+41 44', postal: '80##' },
  { city: 'Vienna', country: 'AT', dial: '+43 1', postal: '10##' },
  { city: 'Stockholm', country: 'SE', dial: '+46 8', postal: '111 ##' },
  { city: 'Copenhagen', country: 'DK', dial: '+45 3', postal: '1###' },
  { city: 'Madrid', country: 'ES', dial: '+34 91', postal: '280##' },
  { city: 'Milan', country: 'IT', dial: '+39 02', postal: '201##' },
  { city: 'Sydney', country: 'AU', dial: '+61 2', postal: '2000' },
  { city: 'Melbourne', country: 'AU', dial: '+61 3', postal: '3000' },
];

/** The service owner's company: the demo user works here. */
export const ownerCompany = {
  name: 'Blue Ridge Manufacturing',
  industry: 'Industrial machinery',
  website: 'https://www.example.com',
  domain: 'example.com',
  phone: '+1 828 555 0100',
  address: { street: '1200 Ridgeview Parkway', city: 'Asheville', postalCode: '28801', country: 'US' },
};

/** The demo user. */
export const demoUser = {
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'dana.reyes@example.com',
  password: 'brm-demo-2026',
  jobTitle: 'Key Account Manager',
};

/** Job titles of the owner's employees. */
export const employeeTitles = [
  'Sales Manager',
  'Account Executive',
  'Inside Sales Representative',
  'Sales Engineer',
  'Marketing Manager',
  'Product Manager',
  'Customer Success Manager',
  'Head of Sales',
  'Purchasing Manager',
  'Legal Counsel',
  'Controller',
  'Service Technician',
  'Marketing Specialist',
  'Regional Sales Director',
];

/** Products of the owner company (price lists, product sheets, events). */
export const products = [
  'RX-200 Hydraulic Press',
  'RX-350 Hydraulic Press',
  'CN-40 CNC Lathe',
  'CN-60 CNC Lathe',
  'BR-10 Belt Conveyor',
  'BR-25 Roller Conveyor',
  'PK-5 Packaging Line',
  'WL-300 Welding Robot',
  'QC-1 Vision Inspection Unit',
  'AS-12 Assembly Station',
  'DR-8 Industrial Dryer',
  'MX-70 Batch Mixer',
  'SP-4 Spare Parts Kit',
  'SV-1 Service Plan',
];

/** Titles of calendar events; `{company}` and `{product}` are filled in. */
export const eventTitles = [
  'Quarterly business review with {company}',
  'Product demo: {product} for {company}',
  'Contract negotiation with {company}',
  'Site visit at {company}',
  'Kick-off meeting with {company}',
  'Proposal walkthrough with {company}',
  'Pricing call with {company}',
  'Technical workshop: {product}',
  'Renewal discussion with {company}',
  'Intro call with {company}',
  'Service review with {company}',
  'Sales pipeline review',
  'Team stand-up',
  'Marketing sync',
  'Forecast meeting',
  'Lunch with {company}',
];

/** Titles of all-day calendar events. */
export const allDayTitles = [
  'Trade fair: Industrial Automation Expo',
  'Sales kick-off',
  'Customer training day at {company}',
  'Offsite planning day',
  'Public holiday',
];

/** Locations of calendar events; `{city}` is filled in. */
export const eventLocations = [
  'Video call',
  'Room 2.14 (Asheville)',
  'Room 1.03 (Asheville)',
  '{company}, {city}',
  'Phone',
];
