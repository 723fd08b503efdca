/**
 * JSON Schema validation against the contract's schemas with Ajv in the 2020-12 dialect (the dialect
 * of OpenAPI 3.1) plus ajv-formats. The contract's `components.schemas` are registered under the id
 * `contract`, so `#/components/schemas/X` becomes `contract#/$defs/X`.
 */
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { Contract, JsonSchema } from './spec';

/** An Ajv instance; the type of `new Ajv2020()`. */
export type ContractAjv = InstanceType<typeof Ajv2020>;

/** Options for createContractAjv. */
export interface ContractAjvOptions {
  /** Coerce strings to the declared types (query strings and headers). Default false. */
  coerceTypes?: boolean;
  /** Fill in `default` values. Default false. */
  useDefaults?: boolean;
  /**
   * Collect every error instead of stopping at the first. Default true. Its work grows with the
   * input (one error per bad array item and `anyOf` branch): requests are checked with false first
   * and with true only when small (`server/http/request-checks.ts`).
   */
  allErrors?: boolean;
}

/** Rewrites contract-local references so that they resolve inside the registered `contract` schema. */
export function rewriteRefs<T>(schema: T): T {
  return JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"contract#/$defs/')) as T;
}

/**
 * Creates an Ajv (2020-12) instance that knows every schema of the contract. OpenAPI's own keywords
 * (`discriminator`, `example`) are accepted as annotations; `readOnly`-style keywords are native.
 */
export function createContractAjv(contract: Contract, options: ContractAjvOptions = {}): ContractAjv {
  const ajv = new Ajv2020({
    allErrors: options.allErrors ?? true,
    strict: false,
    coerceTypes: options.coerceTypes ?? false,
    useDefaults: options.useDefaults ?? false,
  });
  addFormats(ajv);
  ajv.addKeyword({ keyword: 'discriminator' });
  ajv.addKeyword({ keyword: 'example' });
  ajv.addSchema({ $id: 'contract', $defs: rewriteRefs(contract.components.schemas) });
  return ajv;
}

const shared = new Map<string, ContractAjv>();

/**
 * An Ajv instance per option set, shared within the process (compiling the contract's schemas is the
 * slow part of starting the service). Schemas compiled into it are cached by Ajv.
 */
export function sharedContractAjv(contract: Contract, options: ContractAjvOptions = {}): ContractAjv {
  const key = `${options.coerceTypes ?? false}/${options.useDefaults ?? false}/${options.allErrors ?? true}`;
  let ajv = shared.get(key);
  if (!ajv) {
    ajv = createContractAjv(contract, options);
    shared.set(key, ajv);
  }
  return ajv;
}

/** Compiles a schema taken from the contract (its references rewritten). */
export function compileContractSchema(ajv: ContractAjv, schema: JsonSchema) {
  return ajv.compile(rewriteRefs(schema));
}
