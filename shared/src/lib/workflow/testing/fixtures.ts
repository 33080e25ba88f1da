import { readdirSync, readFileSync } from 'node:fs';

const here = decodeURIComponent(import.meta.url.replace(/^file:\/\//, ''));
export const FIXTURE_DIR = `${here.slice(0, here.lastIndexOf('/shared/src/lib/workflow/'))}/tests/fixtures/workflows`;

export interface WorkflowFixture {
  name: string;
  text: string;
}

/** The real-world workflows copied byte for byte into tests/fixtures/workflows. */
export function workflowFixtures(): WorkflowFixture[] {
  return readdirSync(FIXTURE_DIR)
    .filter((name) => name.endsWith('.yml'))
    .sort()
    .map((name) => ({ name, text: readFileSync(`${FIXTURE_DIR}/${name}`, 'utf8') }));
}

export function workflowFixture(name: string): string {
  return readFileSync(`${FIXTURE_DIR}/${name}`, 'utf8');
}
