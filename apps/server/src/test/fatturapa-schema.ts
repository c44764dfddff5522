/**
 * Validates FatturaPA XML against the official schema shipped beside this file (fatturapa-xsd/, with
 * its source note), with libxml2's xmllint compiled to WebAssembly (the `xmllint-wasm` package): no
 * system package, no network. For the tests (decision 062): the package is a devDependency.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { validateXML } from 'xmllint-wasm';

const DIR = path.join(import.meta.dirname, 'fatturapa-xsd');
const MAIN = 'Schema_del_file_xml_FatturaPA_v1.2.2.xsd';
const DSIG = 'xmldsig-core-schema.xsd';
const DSIG_URL = 'http://www.w3.org/TR/2002/REC-xmldsig-core-20020212/xmldsig-core-schema.xsd';

let schemas: { main: string; dsig: string } | null = null;
function loadSchemas() {
  if (schemas) return schemas;
  const main = readFileSync(path.join(DIR, MAIN), 'utf8').replace(/^\uFEFF/, '');
  if (!main.includes(DSIG_URL))
    throw new Error('The FatturaPA schema no longer imports the W3C signature schema');
  // The official file imports the signature schema by its web address: the local copy instead.
  schemas = { main: main.replace(DSIG_URL, DSIG), dsig: readFileSync(path.join(DIR, DSIG), 'utf8') };
  return schemas;
}

/** The schema's verdict on `xml`: valid, or the messages of what breaks it. */
export async function checkFatturaPa(xml: string): Promise<{ valid: boolean; errors: string[] }> {
  const { main, dsig } = loadSchemas();
  const result = await validateXML({
    xml: [{ fileName: 'fattura.xml', contents: xml }],
    schema: [{ fileName: MAIN, contents: main }],
    preload: [{ fileName: DSIG, contents: dsig }],
  });
  return { valid: result.valid, errors: result.errors.map((e) => e.rawMessage) };
}
