/**
 * Tables of the branches-deals area: branches (with an index on position for the locator), PSA
 * deals, and rebate agreements with their covered companies, categories and rate tiers. Branches go
 * with their company (ON DELETE CASCADE); deals and rebate agreements hold foreign keys to their
 * companies, so a company that still has them cannot be deleted (409). Deleting a deal's contact
 * clears the deal's `contactId` (a new version of the deal): the deal stays with its company.
 */

/** SQL that creates the area's tables and indexes (schema version 2). */
export const branchesDealsDdl = `
CREATE TABLE branches (
  id TEXT PRIMARY KEY, company_id TEXT NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  name TEXT NOT NULL COLLATE NOCASE, kind TEXT NOT NULL, latitude REAL NOT NULL, longitude REAL NOT NULL,
  updated_at TEXT NOT NULL, version INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX branches_company_name ON branches (company_id, name, id);
CREATE INDEX branches_company_updated ON branches (company_id, updated_at, id);
CREATE INDEX branches_position ON branches (latitude, longitude);
CREATE INDEX branches_updated ON branches (updated_at);
CREATE UNIQUE INDEX branches_headquarters ON branches (company_id) WHERE kind = 'headquarters';

CREATE TABLE deals (
  id TEXT PRIMARY KEY, company_id TEXT NOT NULL REFERENCES companies (id),
  contact_id TEXT REFERENCES contacts (id) ON DELETE SET NULL, category TEXT NOT NULL, stage TEXT NOT NULL,
  title TEXT NOT NULL COLLATE NOCASE, expected_close_date TEXT NOT NULL, closed_at TEXT, amount INTEGER NOT NULL,
  currency TEXT NOT NULL, updated_at TEXT NOT NULL, version INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX deals_updated ON deals (updated_at, id);
CREATE INDEX deals_company ON deals (company_id, updated_at, id);
CREATE INDEX deals_contact ON deals (contact_id, updated_at, id);
CREATE INDEX deals_category ON deals (category, updated_at, id);
CREATE INDEX deals_won ON deals (company_id, stage, closed_at);

CREATE TRIGGER deals_contact_deleted BEFORE DELETE ON contacts BEGIN
  UPDATE deals SET contact_id = NULL, version = version + 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
    data = json_set(data, '$.contactId', NULL, '$.version', version + 1,
      '$.updatedAt', strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
  WHERE contact_id = OLD.id;
END;

CREATE TABLE rebates (
  id TEXT PRIMARY KEY, name TEXT NOT NULL COLLATE NOCASE, kind TEXT NOT NULL, currency TEXT NOT NULL,
  period_start TEXT NOT NULL, period_end TEXT NOT NULL, updated_at TEXT NOT NULL,
  version INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX rebates_updated ON rebates (updated_at);
CREATE TABLE rebate_companies (
  rebate_id TEXT NOT NULL REFERENCES rebates (id) ON DELETE CASCADE,
  company_id TEXT NOT NULL REFERENCES companies (id),
  PRIMARY KEY (rebate_id, company_id));
CREATE INDEX rebate_companies_company ON rebate_companies (company_id);
CREATE TABLE rebate_categories (
  rebate_id TEXT NOT NULL REFERENCES rebates (id) ON DELETE CASCADE, category TEXT NOT NULL,
  PRIMARY KEY (rebate_id, category));
CREATE TABLE rebate_tiers (
  rebate_id TEXT NOT NULL REFERENCES rebates (id) ON DELETE CASCADE, min_amount INTEGER NOT NULL,
  rate_bp INTEGER NOT NULL, PRIMARY KEY (rebate_id, min_amount));
`;
